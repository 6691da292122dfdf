-- D-SD02-002 Diabolos, "Anger" Richard
-- AUTO On being ridden, you may move one of your rear-guards into your soul to draw one card.
-- CONT (RC) +5000 power while you are in Final Rush.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    cost = vg.cost.put_into_soul(vg.rear_guards(), 1),
    effect = { vg.draw(1) },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.in_state("final_rush"),
    effects = { vg.continuous.power("self", 5000) },
  },
}
