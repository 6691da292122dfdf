-- GX01-048 Stormshield Keeper, Akane (G guardian)
-- AUTO (GC) When placed on GC, you may pay SB1: draw a card.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    cost = vg.common.sb(1),
    effect = { vg.draw(1) },
  },
}
