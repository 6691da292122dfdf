-- SK-008 Test Wall Keeper (perfect guard)
-- AUTO (GC) When placed on GC, you may discard a card: an attacked unit of yours cannot be hit.
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
