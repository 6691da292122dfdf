-- D-SD05-008 Autonomic Caution
-- CONT (RC/GC) +2000 power and +5000 shield while at least one card is imprisoned by you.
return vg.card {
  vg.cont {
    zones = {"RC", "GC"},
    condition = vg.prison.any_imprisoned(),
    effects = {
      vg.continuous.power("self", 2000),
      vg.continuous.shield("self", 5000),
    },
  },
}
