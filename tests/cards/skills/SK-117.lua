-- SK-117 Test Drill Instructor
-- AUTO (RC) When placed on RC, your back-row rear-guards gain boost until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.grant(vg.rear_guards { row = "back" }, "skill:boost", "turn") },
  },
}
