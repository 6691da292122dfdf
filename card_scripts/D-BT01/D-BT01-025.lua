-- D-BT01-025 Source Dragon Deity of Blessings, Blessfavor (over trigger)
-- The over trigger itself (remove, draw, +100,000,000) is the core's rule. Its extra effect:
-- AUTO (removed) After it resolved as an over trigger turned up by a drive check: draw a
-- card; one of your units of your choice gets +1 critical until end of turn; your front-row
-- units get +10000 power until end of turn; then, if you have at least as much damage as your
-- opponent, heal one card of your damage zone of your choice.
return vg.card {
  vg.auto {
    zones = {"removed"},
    when = { event = "over_trigger", subject = "self", check = "drive" },
    effect = {
      vg.draw(1),
      vg.choose { "blessed", from = vg.units() },
      vg.critical("blessed", 1),
      vg.power(vg.common.front_row_units(), 10000),
      vg.when_true(vg.cond.compare({count = vg.damage()}, ">=",
                                   {count = vg.damage { owner = "opponent" }}),
                   { vg.heal(1) }),
    },
  },
}
