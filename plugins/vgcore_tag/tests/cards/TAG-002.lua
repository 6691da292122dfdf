-- TAG-002 Test Shared Lantern Keeper
-- ACT (RC) Soul Blast 1: this unit gets +5000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.cost.soul_blast(1),
    effect = { vg.power("self", 5000) },
  },
}
