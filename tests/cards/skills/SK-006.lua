-- SK-006 Test Grave Watcher
-- AUTO (RC) When a rear-guard of your opponent is retired, soul charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.soul_charge(1) },
  },
}
