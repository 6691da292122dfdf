-- SK-113 Test Jammer
-- AUTO (RC) When placed on RC, your opponent's rear-guards cannot intercept this turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.grant(vg.rear_guards { owner = "opponent" }, "cannot_intercept", "turn") },
  },
}
