-- D-SD04-004 Sylvan Horned Beast, Lotte
-- AUTO When a card is ridden on top of this one and you played second, draw one card.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon,
    condition = function(ctx) return ctx.first_player ~= ctx.me end,
    effect = { vg.draw(1) },
  },
}
