-- SK-146 Test Raider
-- AUTO (RC) When this unit's attack hits, draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attack_hits,
    effect = { vg.draw(1) },
  },
}
