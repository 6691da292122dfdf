-- SK-124 Test Riffler
-- ACT (RC) 1/Turn: look at the top two cards of your deck, put up to one of them into your
-- hand, then shuffle your deck.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    effect = {
      vg.look { count = 2, as = "top" },
      vg.choose { "kept", from = vg.deck { ["in"] = "top" }, up_to = true },
      vg.put("kept", "hand"),
      vg.shuffle(),
    },
  },
}
