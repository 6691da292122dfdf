-- DEMO-RP-003 Chapel Warden, Isolde
-- ACT (RC) 1/Turn, CB1: your vanguard gets +3000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.cost.counter_blast(1),
    effect = { vg.power("vanguard", 3000) },
  },
}
