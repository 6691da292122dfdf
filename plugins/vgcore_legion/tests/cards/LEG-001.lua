-- LEG-001 Test Twinblade Marshal, Aldric (legion with Test Shieldbrother, Bram)
-- AUTO (VC) When this unit legions, draw a card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.legions,
    effect = { vg.draw(1) },
  },
}
