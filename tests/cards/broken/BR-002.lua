-- BR-002 Test Wrong Type
-- Broken on purpose: `once_per_turn` must be true or false.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = "yes",
    effect = { vg.draw(1) },
  },
}
