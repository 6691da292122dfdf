-- D-BT01-032 Phantasma Magician, Curtis
-- AUTO When this unit is placed on RC, if your vanguard is Master of Gravity, Baromagnes, soul
-- charge 2.
-- ACT (RC) While your soul holds ten or more cards, CB2: every unit of yours in the front row
-- has 5000 more power for the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    condition = vg.cond.vanguard_is { name = "Master of Gravity, Baromagnes" },
    effect = { vg.soul_charge(2) },
  },
  vg.act {
    zones = {"RC"},
    condition = vg.cond.count(vg.soul(), 10),
    cost = vg.common.cb(2),
    effect = { vg.power(vg.common.front_row_units(), 5000, "turn") },
  },
}
