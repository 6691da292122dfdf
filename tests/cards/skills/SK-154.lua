-- SK-154 Test Dawn Herald
-- AUTO (RC) At the start of your ride phase, Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.ride_phase_start,
    effect = { vg.soul_charge(1) },
  },
}
