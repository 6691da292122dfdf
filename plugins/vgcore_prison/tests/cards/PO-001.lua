-- PO-001 Test Holding Cell (Prison set order)
-- No cost; it stays in the order zone. Its release modes are the record's prison_release.
return vg.card {
  vg.act { zones = {"hand"}, order = true, effect = {} },
}
