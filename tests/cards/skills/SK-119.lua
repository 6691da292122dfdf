-- SK-119 Test Ascendant
-- ACT (VC) 1/Turn [Discard a card] Choose a grade 3 card from your hand and ride it.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.discard(1),
    effect = {
      vg.choose { "heir", from = vg.hand { grade = 3 } },
      vg.ride "heir",
    },
  },
}
