-- GX01-043 Tempest-Crowned Dragon, Voltaris (the heart GX01-045 names)
-- AUTO (VC) Limit break 4: when this unit attacks, you may pay CB1: choose one of your
-- opponent's rear-guards and retire it.
return vg.card {
  vg.auto {
    zones = {"VC"},
    limit_break = 4,
    when = vg.when.attacks,
    cost = vg.common.cb(1),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards()),
  },
}
