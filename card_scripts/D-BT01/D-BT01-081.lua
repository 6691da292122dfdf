-- D-BT01-081 Tartarus Beatscram (blitz order)
-- If your soul holds five or more cards, choose one of your units: it gets +15000 power until
-- end of that battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.when_true(vg.cond.count(vg.soul(), 5), {
        vg.choose { "unit", from = vg.units() },
        vg.power("unit", 15000, "battle"),
      }),
    },
  },
}
