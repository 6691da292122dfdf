-- D-BT01-097 Remission Sword, Phanuel
-- AUTO (RC) On attacking, while you have three or more grade 3 units, you may pay CB2 to give
-- this unit one more critical for the battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = vg.cond.count(vg.units { grade = 3 }, 3),
    cost = vg.common.cb(2),
    effect = { vg.critical("self", 1, "battle") },
  },
}
