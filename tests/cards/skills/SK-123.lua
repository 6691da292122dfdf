-- SK-123 Test Scout Captain
-- AUTO (RC) When placed on RC, search your deck for up to one grade 2 card, reveal it, put it
-- into your hand, and shuffle your deck.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.search { filter = { grade = 2 }, count = 1 } },
  },
}
