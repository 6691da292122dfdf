-- PO-002 Test Warden
-- ACT (VC/RC) imprison up to two of the opponent's rear-guards.
-- CONT (RC) +3000 power while at least one card is imprisoned in your order zone.
return vg.card {
  vg.act { effect = { vg.prison.imprison_rear_guards(2, true) } },
  vg.cont {
    zones = {"RC"},
    condition = vg.prison.any_imprisoned(),
    effects = { vg.continuous.power("self", 3000) },
  },
}
