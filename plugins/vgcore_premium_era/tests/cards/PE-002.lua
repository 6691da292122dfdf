-- PE-002 Test Chain Warden
-- ACT (RC) Choose one of your opponent's rear-guards and lock it.
-- ACT (VC) Delete your opponent's vanguard.
return vg.card {
  vg.act { zones = {"RC"}, effect = { vg.premium.lock_rear_guards(1) } },
  vg.act { zones = {"VC"}, effect = { vg.premium.delete() } },
}
