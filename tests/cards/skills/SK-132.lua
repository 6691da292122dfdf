-- SK-132 Test Soul Adept
-- AUTO (RC) When placed on RC, you may pay [Soul Blast 1]: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.soul_blast(1),
    effect = { vg.draw(1) },
  },
}
