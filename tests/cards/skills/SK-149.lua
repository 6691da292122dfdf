-- SK-149 Test Old Guard
-- AUTO (VC) When another unit rides on this unit, Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    effect = { vg.soul_charge(1) },
  },
}
