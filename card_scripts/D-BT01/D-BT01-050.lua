-- D-BT01-050 Black Tears Husk Dragon
-- AUTO When this unit is placed on VC, you may return a normal order from your drop to your
-- hand.
-- CONT (RC) While you have played an order this turn, this unit gets +5000 power.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = {
      vg.choose { "order", from = vg.drop { order_type = "normal" }, up_to = true },
      vg.put("order", "hand"),
    },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.this_turn { event = "order", player = "you" },
    effects = { vg.continuous.power("self", 5000) },
  },
}
