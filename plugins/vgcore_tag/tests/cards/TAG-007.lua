-- TAG-007 Test Grudge Reader
-- AUTO (RC) When one of your opponent's rear-guards is retired, this unit gets +5000 power
-- until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.power("self", 5000) },
  },
}
