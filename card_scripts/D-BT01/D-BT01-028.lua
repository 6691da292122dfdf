-- D-BT01-028 Dragritter, Dabbaax
-- AUTO When this unit is placed on RC, you may pay CB2: soul charge 1, then retire one of your
-- opponent's rear-guards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.common.cb(2),
    effect = {
      vg.soul_charge(1),
      vg.retire(nil, { from = vg.common.opponent_rear_guards() }),
    },
  },
}
