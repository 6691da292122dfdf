-- SK-002 Test Charging Lord
-- AUTO (VC) When this unit attacks, +5000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = { vg.power("self", 5000, "battle") },
  },
}
