-- VX01-014 Canopy Empress, Maelis (accel)
-- AUTO (VC) When this unit attacks, if you have two or more accel circles, it gets +10000 power
-- until end of that battle.
return vg.card {
  vg.common.power_on_attack(10000, {
    zones = {"VC"},
    condition = function(ctx) return (ctx.players[ctx.me].flags.accel_circles or 0) >= 2 end,
  }),
}
