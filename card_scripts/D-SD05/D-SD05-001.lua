-- D-SD05-001 Aurora Battle Princess, Seraph Snow
-- CONT (VC) On your turn: +10000 power while you hold at least one imprisoned card, and one
-- more drive check while you hold at least three.
-- ACT (VC/RC) once per turn, CB1: imprison two of the opponent's rear-guards.
return vg.card {
  vg.cont {
    zones = {"VC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.prison.any_imprisoned(1)),
    effects = {
      vg.continuous.power("self", 10000),
      {op = "modify", stat = "drive", target = "self", amount = 1,
       condition = vg.prison.any_imprisoned(3)},
    },
  },
  vg.act {
    zones = {"VC", "RC"},
    once_per_turn = true,
    cost = vg.cost.counter_blast(1),
    effect = { vg.prison.imprison_rear_guards(2) },
  },
}
