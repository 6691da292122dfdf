-- DEMO-RP-008 Lance of the Vanguard, Tobin
-- AUTO (RC) When this unit attacks, if it is boosted, +3000 power until end of that battle.
return vg.card {
  vg.common.power_on_attack(3000, { zones = {"RC"}, condition = vg.cond.boosted }),
}
