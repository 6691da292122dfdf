-- TD01-005 Blaster Blade
-- AUTO On being ridden, you may pay CB2 to retire a rear-guard of your opponent's that you pick.
-- AUTO On being called, if your vanguard is a Royal Paladin, you may pay CB2 to retire a grade 2
-- or higher rear-guard of your opponent's that you pick.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    cost = vg.common.cb(2),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards()),
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    condition = vg.cond.vanguard_is { clan = "Royal Paladin" },
    cost = vg.common.cb(2),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards { grade_min = 2 }),
  },
}
