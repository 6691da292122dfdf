-- SK-903 Test Reckless Seer
-- ACT (VC) 1/Turn: the top card of your deck goes to your damage zone, then draw a card.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.look { count = 1, as = "top" },
      vg.put(vg.deck { ["in"] = "top" }, "damage"),
      vg.draw(1),
    },
  },
}
