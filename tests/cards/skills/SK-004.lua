-- SK-004 Test Banner Lord
-- CONT (VC) While you have three or more damage, your rear-guards get +2000 power.
return vg.card {
  vg.cont {
    zones = {"VC"},
    condition = vg.cond.damage_at_least(3),
    effects = { {op = "modify", stat = "power", amount = 2000, target = vg.rear_guards()} },
  },
}
