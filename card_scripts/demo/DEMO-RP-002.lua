-- DEMO-RP-002 Shieldbearer of the Ford, Maren
-- AUTO (RC) When this unit boosts, the boosted unit gets +2000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts,
    effect = { vg.power("event.boosted", 2000, "battle") },
  },
}
