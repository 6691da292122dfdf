-- SK-122 Test Toll Collector
-- ACT (VC) 1/Turn: Counter Blast 1 and discard a card (effects, not costs), then draw two.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.counter_blast(1), vg.discard(1), vg.draw(2) },
  },
}
