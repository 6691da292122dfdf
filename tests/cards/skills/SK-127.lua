-- SK-127 Test Doom Bell
-- AUTO (VC) At the start of your battle phase, if your opponent has no cards in hand, your
-- opponent loses the game.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.battle_phase_start,
    condition = vg.cond.count(vg.hand { owner = "opponent" }, 0, 0),
    effect = { vg.lose_game "opponent" },
  },
}
