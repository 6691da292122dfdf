-- SK-206 Test Herald
-- ACT (Hand) Reveal this card and put it on top of your deck: search for up to one grade 3.
return vg.card {
  vg.act {
    zones = {"hand"},
    cost = vg.cost.all(vg.cost.reveal("self"), vg.cost.put("self", "deck_top")),
    effect = { vg.search { filter = { grade = 3 } } },
  },
}
