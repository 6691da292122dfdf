-- RW-005 Hydra Squire: each resolution leaves more abilities pending than it resolved.
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    effect = { vg.power("self", 1000) },
  },
  vg.auto {
    zones = {"VC", "RC"},
    when = {event = "power", subject = "self"},
    effect = { vg.power("self", 1000), vg.power("self", 1000), vg.power("self", 1000) },
  },
}
