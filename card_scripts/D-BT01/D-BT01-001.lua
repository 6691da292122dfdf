-- D-BT01-001 Vairina Valiente
-- overDress over a Trickstar, or over one of your grade 3 or lower rear-guards that is itself in
-- the overDress state (the record's `overdress` field; placing it is the overDress plugin's rule).
-- CONT (RC) +5000 power for every originalDress card beneath this unit.
-- AUTO (RC) 1/Turn: when this unit hits while in the overDress state, you may pay CB1 and discard
-- a card from your hand to stand it.
return vg.card {
  vg.cont {
    zones = {"RC"},
    effects = { vg.continuous.power("self", vg.overdress.per_original_dress(5000)) },
  },
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = { event = "hit", attacker = { self = true, has = "overdress_state" } },
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.discard(1)),
    effect = { vg.stand("self") },
  },
}
