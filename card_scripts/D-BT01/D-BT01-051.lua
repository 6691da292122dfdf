-- D-BT01-051 Sylvan Horned Beast, Agleo
-- ACT (RC) Retire this unit: two of your units of your choice have 5000 more power for the turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.cost.retire("self"),
    effect = {
      vg.choose { "pack", from = vg.units(), count = 2 },
      vg.power("pack", 5000, "turn"),
    },
  },
}
