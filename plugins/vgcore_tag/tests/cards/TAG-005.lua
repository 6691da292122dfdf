-- TAG-005 Test Scarred Diviner
-- ACT (RC) Once per turn, only while you have 3 or more damage: this unit gets +5000 power
-- until end of turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    condition = vg.cond.damage_at_least(3),
    effect = { vg.power("self", 5000) },
  },
}
