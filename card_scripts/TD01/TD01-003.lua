-- TD01-003 Solitary Knight, Gancelot
-- ACT (VC) CB2, usable only with a card named Blaster Blade in your soul: this unit gains 5000
-- power and 1 critical for the rest of the turn.
-- ACT (hand) Show this card to your opponent and place it on top of your deck: you may take a
-- Blaster Blade from your deck, show it, add it to your hand, then shuffle.
return vg.card {
  vg.act {
    zones = {"VC"},
    condition = vg.cond.count(vg.soul { name = "Blaster Blade" }),
    cost = vg.common.cb(2),
    effect = { vg.power("self", 5000), vg.critical("self", 1) },
  },
  vg.act {
    zones = {"hand"},
    cost = vg.cost.all(vg.cost.reveal("self"), vg.cost.put("self", "deck_top")),
    effect = { vg.search { filter = { name = "Blaster Blade" } } },
  },
}
