-- DEMO-KG-003 Ashfang Raider
-- AUTO (RC) When a rear-guard of your opponent is retired, this unit gets +2000 until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.power("self", 2000) },
  },
}
