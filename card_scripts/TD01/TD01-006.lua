-- TD01-006 Knight of the Harp, Tristan
-- AUTO (VC) Each time a drive check of this unit turns up a Royal Paladin of grade 3, it gains
-- 5000 power for the rest of the battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.drive_check { grade = 3, clan = "Royal Paladin" },
    effect = vg.common.power_for_battle(5000),
  },
}
