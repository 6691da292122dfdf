-- SK-104 Test Omen Seer
-- ACT (VC) 1/Turn: look at the top card of your deck and reveal it; a grade 3 goes to your
-- hand, anything else to the bottom of your deck.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.look { count = 1, as = "top" },
      vg.reveal "top",
      vg.when_true(vg.cond.count(vg.deck { ["in"] = "top", grade = 3 }, 1),
        { vg.put("top", "hand") },
        { vg.put("top", "deck_bottom") }),
    },
  },
}
