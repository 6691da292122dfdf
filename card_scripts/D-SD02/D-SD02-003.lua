-- D-SD02-003 Diabolos, "Bad" Steve
-- AUTO On being ridden, pick a unit card in your soul and superior call it to the back-centre
-- rear-guard circle, then soul charge 1.
-- CONT (RC) +5000 power while you are in Final Rush.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = {
      vg.choose { "from_soul", from = vg.soul { unit = true } },
      vg.call("from_soul", { to = "RC.BC" }),
      vg.soul_charge(1),
    },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.in_state("final_rush"),
    effects = { vg.continuous.power("self", 5000) },
  },
}
