-- SK-208 Test Frenzied Brute
-- CONT (RC) While you are in "final rush", this unit gets +5000 power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.in_state("final_rush"),
    effects = { vg.continuous.power("self", 5000) },
  },
}
