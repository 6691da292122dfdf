-- GX01-045 Voltaris, Emperor of the Endless Storm (G unit)
-- AUTO (VC) When this unit strides, if its heart is Tempest-Crowned Dragon, Voltaris, you may
-- pay CB1: choose up to two of your opponent's front-row rear-guards and retire them.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.stride.when.strides,
    condition = vg.cond.vanguard_is { name = "Tempest-Crowned Dragon, Voltaris" },
    cost = vg.common.cb(1),
    effect = {
      vg.choose { "struck", count = 2, up_to = true,
                  from = vg.common.opponent_rear_guards { row = "front" } },
      vg.retire "struck",
    },
  },
}
