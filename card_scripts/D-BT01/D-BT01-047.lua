-- D-BT01-047 Divine Sister, Tartine
-- AUTO When this unit is placed on RC, you may pay SB1 and rest this unit: look at the top two
-- cards of your deck, put one of them of your choice back on top and the other on the bottom.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.all(vg.cost.soul_blast(1), vg.cost.rest("self")),
    effect = {
      vg.look { count = 2 },
      vg.choose { "kept", from = vg.deck { ["in"] = "looked" } },
      vg.put("kept", "deck_top"),
      vg.put(vg.deck { ["in"] = "looked", not_in = "kept" }, "deck_bottom"),
    },
  },
}
