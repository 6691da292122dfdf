-- SK-011 Test Drive Reader
-- AUTO (VC) When this unit's drive check reveals a grade 3, +5000 until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.drive_check { grade = 3 },
    effect = { vg.power("self", 5000, "battle") },
  },
}
