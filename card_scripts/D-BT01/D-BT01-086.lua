-- D-BT01-086 Useful Recharger
-- AUTO When placed on GC, you may pay CB1: if your World is Dark Night this unit gets +5000
-- shield until end of turn; if it is Abyssal Dark Night, +10000 shield instead.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.when_true(vg.dera.cond.dark_night, { vg.shield("self", 5000) }),
      vg.when_true(vg.dera.cond.abyssal_dark_night, { vg.shield("self", 10000) }),
    },
  },
}
