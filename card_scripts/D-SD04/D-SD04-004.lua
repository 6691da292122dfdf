-- D-SD04-004 Sylvan Horned Beast, Lotte
-- AUTO When a card is ridden on top of this one and you played second, draw one card.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon,
    condition = vg.cond.went_second,
    effect = { vg.draw(1) },
  },
}
