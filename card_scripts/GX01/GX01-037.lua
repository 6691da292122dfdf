-- GX01-037 Sparkhorn Familiar
-- AUTO (RC) When this unit boosts a G unit, the boosted unit gets +4000 power until end of that
-- battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts_unit { kind = "g_unit" },
    effect = { vg.power("event.boosted", 4000, "battle") },
  },
}
