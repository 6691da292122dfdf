-- LEG-003 Test Shieldbrother, Bram (another printing, with a force gift icon)
-- AUTO (VC) When this card is put on VC as a legion mate, draw a card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.placed_as_mate,
    effect = { vg.draw(1) },
  },
}
