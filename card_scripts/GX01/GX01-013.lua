-- GX01-013 Radiant Lionheart, Aurex (the heart GX01-015 names)
-- AUTO (VC) When this unit attacks, you may pay SB1: it gets +3000 power until end of that
-- battle.
return vg.card {
  vg.common.power_on_attack(3000, { zones = {"VC"}, cost = vg.common.sb(1) }),
}
