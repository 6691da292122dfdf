-- DEMO-RP-007 Standard Keeper, Halvard
-- CONT (RC) During your turn, while your vanguard is grade 3, this unit gets +2000 power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.cond.vanguard_is { grade = 3 }),
    effects = { {op = "modify", stat = "power", amount = 2000, target = "self"} },
  },
}
