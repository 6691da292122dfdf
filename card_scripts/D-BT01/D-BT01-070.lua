-- D-BT01-070 Soulful Wild Master, Megan
-- CONT (RC) While you have soul charged this turn, this unit gets +2000 power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.this_turn { event = "soul_charge", player = "you" },
    effects = { vg.continuous.power("self", 2000) },
  },
}
