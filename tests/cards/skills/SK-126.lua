-- SK-126 Test Grand Victor
-- ACT (VC) If your soul holds ten or more cards: you win the game.
return vg.card {
  vg.act {
    zones = {"VC"},
    condition = vg.cond.count(vg.soul(), 10),
    effect = { vg.win() },
  },
}
