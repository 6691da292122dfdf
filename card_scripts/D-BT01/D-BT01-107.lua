-- D-BT01-107 Hopeful Testode (blitz order)
-- If you have three or more units, choose one of your units: it gets +15000 power until end
-- of that battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.when_true(vg.cond.count(vg.units(), 3), {
        vg.choose { "unit", from = vg.units() },
        vg.power("unit", 15000, "battle"),
      }),
    },
  },
}
