-- TD02-002 Dragon Monk, Goku
-- AUTO (VC) Each time a drive check of this unit turns up a Kagero of grade 3, pick a rear-guard
-- of your opponent's of grade 1 or lower and retire it.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.drive_check { grade = 3, clan = "Kagero" },
    effect = vg.common.retire_one(vg.common.opponent_rear_guards { grade_max = 1 }),
  },
}
