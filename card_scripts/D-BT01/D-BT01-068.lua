-- D-BT01-068 Burn Bright, Pure Prayers (blitz order)
-- If you have three or more damage, choose one of your units: it gets +15000 power until end
-- of that battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.when_true(vg.cond.damage_at_least(3), {
        vg.choose { "unit", from = vg.units() },
        vg.power("unit", 15000, "battle"),
      }),
    },
  },
}
