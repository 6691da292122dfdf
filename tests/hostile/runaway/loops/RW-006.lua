-- RW-006 Recursive Squire: one resolution that walks the deck three times over (40^3 steps).
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    effect = {
      vg.for_each(vg.deck(), "a", {
        vg.for_each(vg.deck(), "b", {
          vg.for_each(vg.deck(), "c", { vg.power("self", 0) }),
        }),
      }),
    },
  },
}
