-- HH-004 Test Generous Lord
-- ACT (VC) Your opponent chooses a card from your hand without looking; put it into your soul.
return vg.card {
  vg.act {
    zones = {"VC"},
    effect = {
      vg.choose { "card", from = vg.hand(), chooser = "opponent" },
      vg.put("card", "soul"),
    },
  },
}
