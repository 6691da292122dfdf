-- VX01-027 Bannerhand Lancer, Edric
-- AUTO (RC) When this unit boosts a unit on a circle with a force marker, the boosted unit gets
-- +5000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts_unit { has = "gift_force" },
    effect = { vg.power("event.boosted", 5000, "battle") },
  },
}
