-- SK-165 Test Quartermaster
-- AUTO (RC) At the start of your battle phase, you may draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.battle_phase_start,
    may = true,
    effect = { vg.draw(1) },
  },
}
