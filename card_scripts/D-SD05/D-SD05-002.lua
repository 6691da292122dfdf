-- D-SD05-002 Aurora Battle Princess, Risatt Pink
-- AUTO (VC) When placed on VC, the opponent picks a card from their hand to be imprisoned by you.
-- CONT (RC) +2000 power while at least one card is imprisoned by you.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = {
      vg.prison.imprison(nil, { from = vg.hand { owner = "opponent" }, chooser = "opponent" }),
    },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.prison.any_imprisoned(),
    effects = { vg.continuous.power("self", 2000) },
  },
}
