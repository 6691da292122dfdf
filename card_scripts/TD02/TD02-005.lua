-- TD02-005 Berserk Dragon
-- AUTO On being ridden or called, if your vanguard is a Kagero, you may pay CB2 to retire a
-- rear-guard of your opponent's of grade 2 or lower that you pick.
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    condition = vg.cond.vanguard_is { clan = "Kagero" },
    cost = vg.common.cb(2),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards { grade_max = 2 }),
  },
}
