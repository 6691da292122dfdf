-- D-SD02-008 Acrobat Presenter
-- AUTO (RC) Whenever this unit attacks or boosts under a vanguard named Diabolos, "Violence"
-- Bruce, soul charge 1, and one more while you are in Final Rush.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = {"attack", "boost"}, subject = "self" },
    condition = vg.cond.vanguard_is { name = 'Diabolos, "Violence" Bruce' },
    effect = {
      vg.soul_charge(1),
      vg.when_true(vg.cond.in_state("final_rush"), { vg.soul_charge(1) }),
    },
  },
}
