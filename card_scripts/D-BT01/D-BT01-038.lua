-- D-BT01-038 Granaroad Fairtigar
-- ACT (RC) Once a turn, SB1: this unit has 2000 more power for the turn, then imprison one of
-- your opponent's front-row rear-guards.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.common.sb(1),
    effect = {
      vg.power("self", 2000, "turn"),
      vg.prison.imprison(nil, { from = vg.common.opponent_rear_guards { row = "front" } }),
    },
  },
}
