-- SK-167 Test Tidecaller
-- AUTO (RC) At the end of your turn, put this unit on the bottom of your deck.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.end_of_turn,
    effect = { vg.put("self", "deck_bottom") },
  },
}
