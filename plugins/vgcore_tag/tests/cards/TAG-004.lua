-- TAG-004 Test Gift Courier
-- ACT (RC) Once per turn: your opponent draws a card.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    effect = { vg.draw(1, { player = "opponent" }) },
  },
}
