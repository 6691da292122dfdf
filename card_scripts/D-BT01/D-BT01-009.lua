-- D-BT01-009 Mysterious Rain Spiritualist, Zorga
-- CONT (VC) When you play a normal order, you may bind a normal order with another name from
-- your drop and Alchemagic: both are played as one, their costs paid together, the bound
-- order's effect after the played one's.
-- ACT (VC) Once per turn, CB1: choose a card in your drop and call it to a rear-guard circle.
return vg.card {
  vg.cont { zones = {"VC"}, effects = { vg.dera.can_alchemagic() } },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.counter_blast(1),
    effect = { vg.choose { "pick", from = vg.drop() }, vg.call "pick" },
  },
}
