-- D-BT01-010 Sylvan Horned Beast, Giunosla
-- AUTO (RC, back row only) When this unit attacks, you may pay CB1: one of your other
-- rear-guards of your choice gets as much power as this unit has, until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    filter = vg.cond.self_in_row("back"),
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.choose { "ally", from = vg.rear_guards { not_self = true } },
      vg.power("ally", vg.amount.stat("power")),
    },
  },
}
