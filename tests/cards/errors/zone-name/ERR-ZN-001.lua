-- ERR-ZN-001 Test Misplaced Knight
-- AUTO (RC) When this unit attacks, draw a card. (The zone is misspelt "RG".)
return vg.card {
  vg.auto {
    zones = {"RG"},
    when = vg.when.attacks,
    effect = { vg.draw(1) },
  },
}
