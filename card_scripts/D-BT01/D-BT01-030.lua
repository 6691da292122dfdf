-- D-BT01-030 Dragritter, Alwalith
-- AUTO When this unit is placed on RC, you may pay CB1 and SB1 to retire one of your
-- opponent's rear-guards of grade 2 or higher.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.all(vg.common.cb(1), vg.common.sb(1)),
    effect = { vg.retire(nil, { from = vg.common.opponent_rear_guards { grade_min = 2 } }) },
  },
}
