-- GX01-018 Solenne, Aegis of the Golden Dawn (G guardian)
-- AUTO (GC) Generation break 1: when placed on GC, this unit gets +5000 shield until end of that
-- battle.
return vg.card {
  vg.auto {
    zones = {"GC"},
    generation_break = 1,
    when = vg.when.placed_on_gc,
    effect = { vg.shield("self", 5000, "battle") },
  },
}
