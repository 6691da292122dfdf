-- RW-001 Mirror Squire: stands every other unit of yours that becomes rested (with RW-002,
-- a loop that never ends).
return vg.card {
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "rest", subject = {self = false, owner = "you"}},
    effect = { vg.stand("event.subject") },
  },
}
