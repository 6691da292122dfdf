-- D-SD03-005 Vehement Witch, Ramana
-- AUTO (RC) On attacking, you may pay CB1 to give this unit 5000 more power for the battle.
return vg.card {
  vg.common.power_on_attack(5000, { zones = {"RC"}, cost = vg.common.cb(1) }),
}
