-- GIFT-PROTECT Protect I (imaginary gift): the sentinel ability.
-- AUTO (GC) When placed on GC, you may discard a card from your hand: one of your attacked
-- units cannot be hit until end of that battle.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    cost = vg.cost.discard(1),
    effect = {
      vg.choose { "guarded", from = vg.units { attacked = true } },
      vg.grant("guarded", "cannot_be_hit", "battle"),
    },
  },
}
