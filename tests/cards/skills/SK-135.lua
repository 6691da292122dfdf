-- SK-135 Test Trading Adept
-- AUTO (RC) When placed on RC, you may pay [Discard a grade 1 card]: draw two cards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.discard(1, { grade = 1 }),
    effect = { vg.draw(2) },
  },
}
