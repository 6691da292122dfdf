-- SK-109 Test Commander
-- AUTO (VC) When this unit attacks, critical +1 and drive +1 until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = {
      vg.critical("self", 1, "battle"),
      vg.drive("self", 1, "battle"),
    },
  },
}
