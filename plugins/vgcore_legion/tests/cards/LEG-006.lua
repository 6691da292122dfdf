-- LEG-006 Test Banner Squire
-- AUTO (RC) When you legion, this unit gets +2000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.legion.when.any_legion(),
    effect = { vg.power("self", 2000, "turn") },
  },
}
