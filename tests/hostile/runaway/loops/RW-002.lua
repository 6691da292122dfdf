-- RW-002 Echo Squire: rests every other unit of yours that stands (with RW-001, a loop).
return vg.card {
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "stand", subject = {self = false, owner = "you"}},
    effect = { vg.rest("event.subject") },
  },
}
