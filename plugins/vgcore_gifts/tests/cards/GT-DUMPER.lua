-- GT-DUMPER Test Tide Dumper: ways to send a card from hand elsewhere (protect I tests).
-- ACT (VC) Discard a card: draw a card.
-- ACT (VC) 1/Turn: choose a card from your hand and put it into your damage zone.
-- ACT (VC) 1/Turn: choose a card from your hand and put it into your drop.
return vg.card {
  vg.act { zones = {"VC"}, cost = vg.cost.discard(1), effect = { vg.draw(1) } },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.choose { "card", from = vg.hand {} }, vg.put("card", "damage") },
  },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.choose { "card", from = vg.hand {} }, vg.put("card", "drop") },
  },
}
