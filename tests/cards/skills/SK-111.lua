-- SK-111 Test Rising Sage
-- ACT (VC) 1/Turn: this unit gets grade +1 until end of turn.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.grade("self", 1, "turn") },
  },
}
