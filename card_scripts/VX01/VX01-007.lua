-- VX01-007 Seedcart Courier, Lilo
-- AUTO (RC) When this unit boosts, if you have an accel circle, the unit it boosts gets +5000
-- power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts,
    -- the gifts plugin counts a player's accel circles in the flag `accel_circles`
    condition = function(ctx) return (ctx.players[ctx.me].flags.accel_circles or 0) >= 1 end,
    effect = { vg.power("event.boosted", 5000, "battle") },
  },
}
