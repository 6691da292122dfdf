-- TD01-009 Wingal
-- AUTO (RC) Boosting a unit named Blaster Blade gives that unit 4000 more power for the battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts_unit { name = "Blaster Blade" },
    effect = { vg.power("event.boosted", 4000, "battle") },
  },
}
