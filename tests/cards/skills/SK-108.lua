-- SK-108 Test Shifting Lancer
-- ACT (RC) 1/Turn: move this unit to the other circle of its column.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    effect = { vg.move "self" },
  },
}
