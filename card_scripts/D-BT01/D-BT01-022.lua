-- D-BT01-022 Light Dragon Deity of Honors, Amartinoa (over trigger)
-- The over trigger itself (remove, draw, +100,000,000) is the core's rule. Its extra effect:
-- AUTO (removed) After it resolved as an over trigger turned up by a drive check, until end of
-- turn the attacks of your rear-guards get drive checks too.
return vg.card {
  vg.common.over_trigger_extra {
    vg.give_player(vg.cont {
      effects = { vg.continuous.grant(vg.rear_guards(), "drive_checks") },
    }, "turn"),
  },
}
