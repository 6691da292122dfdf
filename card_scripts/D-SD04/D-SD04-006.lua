-- D-SD04-006 Sylvan Horned Beast, Dooger
-- CONT (RC) While you have at least four rear-guards besides this one, it has 5000 more power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.count(vg.rear_guards { not_self = true }, 4),
    effects = { vg.continuous.power("self", 5000) },
  },
}
