-- D-BT01-084 Cardinal Noid, Routis
-- AUTO When placed on VC, search your deck for up to one World, reveal it, add it to your hand
-- and shuffle your deck.
-- CONT (RC) During a battle in which this unit attacked or boosted, while your World is Dark
-- Night or Abyssal Dark Night, this unit has +2000 power.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = { vg.search { filter = { order_type = "world" }, count = 1 } },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.any(vg.cond.attacking, vg.cond.boosting),
                            vg.dera.cond.dark_world),
    effects = { vg.continuous.power("self", 2000) },
  },
}
