-- D-BT01-019 Star Dragon Deity of Infinitude, Eldobreath (over trigger)
-- The over trigger itself (remove, draw, +100,000,000) is the core's rule. Its extra effect:
-- AUTO (removed) After it resolved as an over trigger turned up by a drive check, each of your
-- front-row units doubles its power and its critical until end of turn.
local front = vg.common.front_row_units()

return vg.card {
  vg.auto {
    zones = {"removed"},
    when = { event = "over_trigger", subject = "self", check = "drive" },
    effect = {
      vg.power(front, vg.amount.own("power")),
      vg.critical(front, vg.amount.own("critical")),
    },
  },
}
