-- PO-004 Test Plain Cell (set order, not a Prison)
return vg.card {
  vg.act { zones = {"hand"}, order = true, effect = {} },
}
