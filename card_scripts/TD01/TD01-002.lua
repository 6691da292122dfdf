-- TD01-002 Knight of Conviction, Bors
-- AUTO (VC/RC) On attacking, you may pay CB1 to give this unit 3000 more power for the battle.
return vg.card {
  vg.common.power_on_attack(3000, { cost = vg.common.cb(1) }),
}
