-- SK-161 Test Last Stand Lord
-- AUTO (VC) Limit Break 4: when this unit attacks, put a card from your damage zone into your
-- drop, then this unit gets +10000 power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    limit_break = 4,
    when = vg.when.attacks,
    effect = {
      vg.choose { "healed", from = vg.damage() },
      vg.put("healed", "drop"),
      vg.power("self", 10000, "battle"),
    },
  },
}
