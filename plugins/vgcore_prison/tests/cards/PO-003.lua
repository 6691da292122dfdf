-- PO-003 Test Interrogator
-- AUTO when placed on RC, the opponent chooses a card from their hand and imprisons it.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.prison.imprison(nil, { from = vg.hand { owner = "opponent" }, chooser = "opponent" }),
    },
  },
}
