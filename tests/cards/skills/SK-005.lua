-- SK-005 Test Breaker Lord
-- AUTO (VC) Limit Break 4: when this unit attacks, you may pay CB1: +10000 until end of battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    limit_break = 4,
    when = vg.when.attacks,
    cost = vg.cost.counter_blast(1),
    effect = { vg.power("self", 10000, "battle") },
  },
}
