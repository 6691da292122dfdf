-- VX01-030 Knight of the Forged Oath, Garret
-- AUTO (RC) When this unit attacks, if it is on a circle with a force marker, you may pay CB1:
-- it gets +1 critical until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = vg.cond.count(vg.units { self = true, has = "gift_force" }),
    cost = vg.common.cb(1),
    effect = { vg.critical("self", 1, "battle") },
  },
}
