-- TD02-009 Flame of Hope, Aermo
-- AUTO (RC) When the attack this unit boosted hits, you may discard a card from hand to draw
-- one card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosted_attack_hits,
    cost = vg.cost.discard(1),
    effect = { vg.draw(1) },
  },
}
