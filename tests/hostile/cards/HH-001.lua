-- HH-001 Test Pickpocket
-- ACT (VC) Choose a card from your opponent's hand without looking, and discard it.
return vg.card {
  vg.act {
    zones = {"VC"},
    effect = {
      vg.choose { "card", from = vg.hand { owner = "opponent" } },
      vg.put("card", "drop"),
    },
  },
}
