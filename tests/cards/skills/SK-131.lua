-- SK-131 Test Blast Adept
-- AUTO (RC) When placed on RC, you may pay [Counter Blast 1]: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.counter_blast(1),
    effect = { vg.draw(1) },
  },
}
