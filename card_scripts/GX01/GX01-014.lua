-- GX01-014 Gilded Warbringer, Castor
-- AUTO (RC) When this unit attacks, if your vanguard is a G unit, it gets +5000 power until end
-- of that battle.
return vg.card {
  vg.common.power_on_attack(5000, {
    zones = {"RC"},
    condition = vg.cond.vanguard_is { kind = "g_unit" },
  }),
}
