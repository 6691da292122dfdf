-- D-BT01-056 Stealth Dragon, Hadoshugen
-- AUTO (RC) When placed on RC, if you have a unit in the overDress state, you may pay CB1: pick
-- one of your opponent's rear-guards and retire it.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    condition = vg.overdress.cond.have_unit_in_state(),
    cost = vg.cost.counter_blast(1),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards()),
  },
}
