-- SK-151 Test Carrion Crow
-- AUTO (RC) When one of your opponent's rear-guards is retired, Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.soul_charge(1) },
  },
}
