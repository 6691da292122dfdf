-- TD02-010 Demonic Dragon Madonna, Joka
-- AUTO (RC) In your main phase, whenever a rear-guard of your opponent's is retired, this unit
-- gains 3000 power for the rest of the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    filter = { turn = "yours", phase = "main" },
    effect = { vg.power("self", 3000, "turn") },
  },
}
