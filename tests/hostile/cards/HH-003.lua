-- HH-003 Test Warden
-- ACT (VC) Choose a card from your opponent's bind zone without looking; put it into the drop.
return vg.card {
  vg.act {
    zones = {"VC"},
    effect = {
      vg.choose { "card", from = vg.cards_in("bind", { owner = "opponent" }) },
      vg.put("card", "drop"),
    },
  },
}
