-- DO-003 Test War Banner (set order)
-- Soul charge 1 when put into the order zone; while there, your vanguard gets +1000 power.
return vg.card {
  vg.act { zones = {"hand"}, order = true, effect = {} },
  vg.auto {
    zones = {"order_zone"},
    when = { event = "order_set", subject = "self" },
    effect = { vg.soul_charge(1) },
  },
  vg.cont {
    zones = {"order_zone"},
    effects = { vg.continuous.power("vanguard", 1000) },
  },
}
