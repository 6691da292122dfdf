-- D-BT01-029 Stealth Rogue of Strife, Fudomaru
-- AUTO (RC) When this unit's attack hits, you may discard a card from your hand to draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attack_hits,
    cost = vg.cost.discard(1),
    effect = { vg.draw(1) },
  },
}
