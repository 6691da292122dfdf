-- D-BT01-119 Ghost Chase (blitz order)
-- Choose one of your units: it gets +5000 power until end of that battle. Then choose one of
-- your rear-guards that is not being attacked and return it to your hand.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.choose { "unit", from = vg.units() },
      vg.power("unit", 5000, "battle"),
      vg.choose { "back", from = vg.rear_guards { attacked = false } },
      vg.put("back", "hand"),
    },
  },
}
