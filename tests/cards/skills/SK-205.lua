-- SK-205 Test Cheering Squire
-- AUTO (RC) When an attack hits in a battle this unit boosted, you may discard a card: draw.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosted_attack_hits,
    cost = vg.cost.discard(1),
    effect = { vg.draw(1) },
  },
}
