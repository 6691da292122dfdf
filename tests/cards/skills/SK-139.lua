-- SK-139 Test Herald Adept
-- AUTO (RC) When placed on RC, you may pay [Reveal a grade 3 card from your hand]: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.reveal(1, { grade = 3 }),
    effect = { vg.draw(1) },
  },
}
