-- D-SD05-015 Galaxy Central Prison, Galactolus (Prison set order)
-- Rest one of your units to play it. AUTO (order zone) When put into the order zone, soul
-- charge 3. Its release modes (the opponent's SB1 for one card, CB1 for two) are the record's
-- `prison_release`, offered by the prison plugin.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = { {op = "rest", from = vg.units { rested = false }, count = 1} },
    effect = {},
  },
  vg.auto {
    zones = {"order_zone"},
    when = { event = "order_set", subject = "self" },
    effect = { vg.soul_charge(3) },
  },
}
