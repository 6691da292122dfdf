-- DEMO-RP-010 Oathkeeper Paladin, Gawen
-- AUTO (VC) When this unit's drive check reveals a grade 3, +5000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.drive_check { grade = 3 },
    effect = { vg.power("self", 5000, "battle") },
  },
}
