-- DEMO-RP-009 High Paladin of the Dawnwall, Seraphine
-- AUTO (VC) Limit Break 4: when this unit attacks, you may pay CB1: +5000 power and +1 critical
-- until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    limit_break = 4,
    when = vg.when.attacks,
    cost = vg.cost.counter_blast(1),
    effect = { vg.power("self", 5000, "battle"), vg.critical("self", 1, "battle") },
  },
}
