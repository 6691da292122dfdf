-- DO-001 Test Rallying Cry (normal order)
-- Pay CB1: one of your units gets +5000 power until end of turn; draw a card.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.choose { "unit", from = vg.units() },
      vg.power("unit", 5000),
      vg.draw(1),
    },
  },
}
