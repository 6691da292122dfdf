-- DEMO-RP-008 Lance of the Vanguard, Tobin
-- AUTO (RC) When this unit attacks, if it is boosted, +3000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = vg.cond.boosted,
    effect = { vg.power("self", 3000, "battle") },
  },
}
