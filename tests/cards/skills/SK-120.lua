-- SK-120 Test Treasurer
-- ACT (VC) 1/Turn [Counter Blast 1] Draw a card, then Soul Charge 1.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.counter_blast(1),
    effect = { vg.draw(1), vg.soul_charge(1) },
  },
}
