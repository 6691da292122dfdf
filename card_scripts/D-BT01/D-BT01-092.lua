-- D-BT01-092 Causality Goes Crazy as I Will It (normal order)
-- Pay SB1: choose one of your vanguards: it gets +10000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.soul_blast(1),
    effect = { vg.choose { "vg", from = vg.vanguards() }, vg.power("vg", 10000) },
  },
}
