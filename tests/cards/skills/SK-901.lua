-- SK-901 Test Deck Drainer
-- ACT (VC) 1/Turn: soul charge 2, then the opponent soul charges 2 (one effect, two decks).
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.soul_charge(2), vg.soul_charge(2, { player = "opponent" }) },
  },
}
