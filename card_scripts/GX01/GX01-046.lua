-- GX01-046 Stormsplitter Dragon Emperor (G unit)
-- AUTO (VC) Generation break 2: when this unit attacks, if your opponent has two or fewer
-- rear-guards, you may pay SB1: it gets +5000 power and +1 critical until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    generation_break = 2,
    when = vg.when.attacks,
    condition = vg.cond.count(vg.common.opponent_rear_guards(), 0, 2),
    cost = vg.common.sb(1),
    effect = { vg.power("self", 5000, "battle"), vg.critical("self", 1, "battle") },
  },
}
