-- D-BT01-093 Lightning Barrier, Emergency Deployment! (blitz order)
-- Pay CB2: choose one of your vanguards: it gets +30000 power until end of that battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.counter_blast(2),
    effect = { vg.choose { "vg", from = vg.vanguards() }, vg.power("vg", 30000, "battle") },
  },
}
