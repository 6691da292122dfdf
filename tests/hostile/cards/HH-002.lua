-- HH-002 Test Bookkeeper
-- ACT (VC) Choose one of your damage cards and put it into your hand.
return vg.card {
  vg.act {
    zones = {"VC"},
    effect = {
      vg.choose { "card", from = vg.damage() },
      vg.put("card", "hand"),
    },
  },
}
