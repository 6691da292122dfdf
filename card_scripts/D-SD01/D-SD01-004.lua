-- D-SD01-004 Sunrise Egg
-- AUTO When a card rides upon this vanguard, draw one card if you were the second player.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    condition = function(ctx) return ctx.first_player ~= ctx.me end,
    effect = { vg.draw(1) },
  },
}
