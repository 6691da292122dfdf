-- SK-116 Test Weary Lord
-- AUTO (VC) When this unit attacks, it loses twin drive and gets +10000 power until end of
-- that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = {
      vg.lose("self", "skill:twin_drive", "battle"),
      vg.power("self", 10000, "battle"),
    },
  },
}
