-- SK-209 Test Rear Lookout
-- CONT (RC) While this unit is in the back row, it gets +3000 power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.self_in_row("back"),
    effects = { vg.continuous.power("self", 3000) },
  },
}
