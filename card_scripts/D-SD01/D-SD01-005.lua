-- D-SD01-005 Fire Slash Dragon, Inferno Sword
-- CONT (RC) +2000 power in a battle it is attacking in.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.attacking,
    effects = { vg.continuous.power("self", 2000) },
  },
}
