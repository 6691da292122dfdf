-- TD02-011 Wyvern Strike, Jarran
-- AUTO (RC) Boosting a unit named Wyvern Strike, Tejas gives that unit 4000 more power for the
-- battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts_unit { name = "Wyvern Strike, Tejas" },
    effect = { vg.power("event.boosted", 4000, "battle") },
  },
}
