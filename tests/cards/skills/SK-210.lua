-- SK-210 Test Star Reader
-- AUTO (VC) At the end of a battle in which this unit's drive checks revealed a grade 3,
-- soul charge 1.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = { event = "battle_end", attacker = "self", drive_grade3 = true },
    effect = { vg.soul_charge(1) },
  },
}
