-- GT-FORCE-PLACED: AUTO (VC) When placed on VC, this unit gets +1000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = { vg.power("self", 1000, "turn") },
  },
}
