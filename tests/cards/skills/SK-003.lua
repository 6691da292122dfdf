-- SK-003 Test Book Mage
-- ACT (RC) 1/Turn, rest this unit: draw a card.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.cost.rest("self"),
    effect = { vg.draw(1) },
  },
}
