-- SK-128 Test Hourglass Keeper
-- AUTO (VC) At the end of your turn, if your soul is empty, you lose the game.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.end_of_turn,
    condition = vg.cond.count(vg.soul(), 0, 0),
    effect = { vg.lose_game() },
  },
}
