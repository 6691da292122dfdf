-- RW-003 Eager Squire: a "may" loop; each of its abilities undoes the other.
return vg.card {
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "rest", subject = "self"},
    may = true,
    effect = { vg.stand("self") },
  },
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "stand", subject = "self"},
    may = true,
    effect = { vg.rest("self") },
  },
}
