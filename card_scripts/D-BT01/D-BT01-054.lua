-- D-BT01-054 Grief, Despair, and Rejection (normal order)
-- Pay CB1: if your vanguard is "Mysterious Rain Spiritualist, Zorga", choose three of your
-- units: they get +10000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.when_true(vg.cond.vanguard_is { name = "Mysterious Rain Spiritualist, Zorga" }, {
        vg.choose { "three", from = vg.units(), count = 3 },
        vg.power("three", 10000),
      }),
    },
  },
}
