-- SK-129 Test Hesitant Squire
-- AUTO (RC) When placed on RC, you may draw a card (a "may" step inside the effect).
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.may({ vg.draw(1) }, "Draw a card?") },
  },
}
