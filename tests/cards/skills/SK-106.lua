-- SK-106 Test Archivist
-- ACT (VC) 1/Turn: choose one: drop -> soul; hand -> top of deck; soul -> drop (one card).
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.choose_one {
        { text = "a card from your drop into your soul",
          steps = { vg.choose { "card", from = vg.drop() }, vg.put("card", "soul") } },
        { text = "a card from your hand on top of your deck",
          steps = { vg.choose { "card", from = vg.hand() }, vg.put("card", "deck_top") } },
        { text = "a card from your soul into your drop",
          steps = { vg.choose { "card", from = vg.soul() }, vg.put("card", "drop") } },
      },
    },
  },
}
