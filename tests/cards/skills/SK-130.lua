-- SK-130 Test Wary Knight
-- AUTO (RC) When placed on RC, you may use this ability: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    may = true,
    effect = { vg.draw(1) },
  },
}
