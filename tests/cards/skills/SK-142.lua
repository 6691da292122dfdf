-- SK-142 Test Bulwark Page
-- AUTO (GC) When placed on GC, this unit gets shield +5000 until end of that battle.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    effect = { vg.shield("self", 5000, "battle") },
  },
}
