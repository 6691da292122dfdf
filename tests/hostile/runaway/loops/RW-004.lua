-- RW-004 Swelling Squire: an effect that triggers itself again.
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    effect = { vg.power("self", 1000) },
  },
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "power", subject = "self"},
    effect = { vg.power("self", 1000) },
  },
}
