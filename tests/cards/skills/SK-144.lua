-- SK-144 Test Loyal Page
-- AUTO (RC) When this unit boosts a unit named "Knight of the Ashen Ford, Corvane", Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts_unit { name = "Knight of the Ashen Ford, Corvane" },
    effect = { vg.soul_charge(1) },
  },
}
