-- D-SD05-005 Alert Guard Gunner
-- AUTO (RC) When its attack hits a vanguard, imprison up to two of the opponent's rear-guards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = "hit", attacker = "self", target = { zone = "VC", owner = "opponent" } },
    effect = { vg.prison.imprison_rear_guards(2, true) },
  },
}
