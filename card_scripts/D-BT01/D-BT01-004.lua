-- D-BT01-004 Diabolos Boys, Eden
-- CONT (RC) While you are in Final Rush, this unit gets +5000 power, and while it also was
-- stood up by a card's effect this turn, +1 critical.
-- AUTO (RC) When this unit's attack hits, you may pay CB1: retire one of your opponent's
-- rear-guards of your choice.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.in_state("final_rush"),
    effects = {
      vg.continuous.power("self", 5000),
      {op = "modify", stat = "critical", target = "self", amount = 1,
       condition = vg.cond.this_turn { event = "stand", subject = "self", how = "effect" }},
    },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.attack_hits,
    cost = vg.cost.counter_blast(1),
    effect = { vg.retire(nil, { from = vg.rear_guards { owner = "opponent" } }) },
  },
}
