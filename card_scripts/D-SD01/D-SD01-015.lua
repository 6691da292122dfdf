-- D-SD01-015 Sunburst Evolution (normal order, grade 2)
-- CB1: one of your units gains 5000 power for the rest of the turn; then pick a Vairina in your
-- drop and add it to your hand.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.common.cb(1),
    effect = {
      vg.choose { "unit", from = vg.units() },
      vg.power("unit", 5000),
      vg.choose { "dress", from = vg.drop { name = "Vairina" } },
      vg.put("dress", "hand"),
    },
  },
}
