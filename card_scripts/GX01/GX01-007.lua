-- GX01-007 Dawnmane Squire, Pell
-- AUTO (RC) Generation break 1: when this unit boosts, the unit it boosts gets +3000 power until
-- end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    generation_break = 1,
    when = vg.when.boosts,
    effect = { vg.power("event.boosted", 3000, "battle") },
  },
}
