-- SK-121 Test Ledger Clerk
-- ACT (VC) 1/Turn: Counter Charge 1, then Soul Blast 1 (both are effects, not costs).
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.counter_charge(1), vg.soul_blast(1) },
  },
}
