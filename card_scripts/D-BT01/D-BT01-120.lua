-- D-BT01-120 Sealed Path (blitz order)
-- Pay CB2: choose one of your opponent's vanguards: it gets -1 critical until end of that
-- battle.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.counter_blast(2),
    effect = {
      vg.choose { "foe", from = vg.vanguards { owner = "opponent" } },
      vg.critical("foe", -1, "battle"),
    },
  },
}
