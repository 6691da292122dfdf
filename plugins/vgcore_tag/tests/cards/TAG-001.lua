-- TAG-001 Test Shared Ledger Clerk
-- ACT (RC) Counter Blast 1: this unit gets +5000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.cost.counter_blast(1),
    effect = { vg.power("self", 5000) },
  },
}
