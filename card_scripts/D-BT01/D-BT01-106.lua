-- D-BT01-106 Downswing of Sword of Judgement (normal order)
-- Play it by putting a grade 3 card of your soul into the drop: choose one of your opponent's
-- rear-guards; every rear-guard of that player in its column goes to the bottom of their deck.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = { {op = "soul_blast", count = 1, filter = { grade = 3 }} },
    effect = {
      vg.choose { "judged", from = vg.rear_guards { owner = "opponent" } },
      vg.put(vg.rear_guards { owner = "opponent", same_column = "judged" }, "deck_bottom"),
    },
  },
}
