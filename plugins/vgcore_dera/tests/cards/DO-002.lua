-- DO-002 Test Shield Flare (blitz order)
-- One of your units gets +5000 power until end of that battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.choose { "unit", from = vg.units() },
      vg.power("unit", 5000, "battle"),
    },
  },
}
