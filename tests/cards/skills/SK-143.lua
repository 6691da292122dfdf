-- SK-143 Test Spur Squire
-- AUTO (RC) When this unit boosts, the boosted unit gets +3000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts,
    effect = { vg.power("event.boosted", 3000, "battle") },
  },
}
