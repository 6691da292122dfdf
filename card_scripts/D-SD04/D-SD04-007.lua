-- D-SD04-007 Looting Petal Stomalia
-- ACT (RC) Once a turn, CB1 and SB1: for the turn this unit gains the boost skill and 5000 power.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.cost.all(vg.common.cb(1), vg.common.sb(1)),
    effect = { vg.grant("self", "skill:boost"), vg.power("self", 5000) },
  },
}
