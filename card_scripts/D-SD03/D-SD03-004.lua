-- D-SD03-004 Knight of Heavenly Bow, Base
-- AUTO When a card is ridden on top of this one and you played second, draw one card.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon,
    condition = vg.cond.went_second,
    effect = { vg.draw(1) },
  },
}
