-- BR-001 Test Misspelt Key
-- Broken on purpose: ability 2 writes `zonez` for `zones`.
return vg.card {
  vg.auto {
    when = vg.when.placed_on_rc,
    effect = { vg.draw(1) },
  },
  vg.act {
    zonez = {"VC"},
    effect = { vg.draw(1) },
  },
}
