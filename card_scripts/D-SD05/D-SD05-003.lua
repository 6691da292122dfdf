-- D-SD05-003 Aurora Battle Princess, Kyanite Blue
-- AUTO (VC) When placed on VC, search your deck for up to one Prison and add it to hand.
-- AUTO (RC) When placed on RC, while a card is imprisoned by you, you may pay CB1 and SB1 to
-- draw one card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = { vg.search { filter = { order_type = "prison" }, count = 1 } },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    condition = vg.prison.any_imprisoned(),
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.soul_blast(1)),
    effect = { vg.draw(1) },
  },
}
