-- SK-156 Test Tempo Knight
-- AUTO (RC) When this unit attacks, +5000 power until end of that battle and +3000 power until
-- end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    effect = { vg.power("self", 5000, "battle"), vg.power("self", 3000, "turn") },
  },
}
