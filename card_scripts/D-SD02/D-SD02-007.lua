-- D-SD02-007 Steam Gunner, Brody
-- AUTO On entering the guardian circle, you may pay CB1 to give this unit 5000 more shield for
-- the battle.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    cost = vg.common.cb(1),
    effect = { vg.shield("self", 5000, "battle") },
  },
}
