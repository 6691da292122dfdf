-- D-BT01-016 Hades Dragon Deity of Resentment, Gallmageheld (over trigger)
-- The over trigger itself (remove, draw, +100,000,000) is the core's rule. Its extra effect:
-- AUTO (removed) After it resolved as an over trigger turned up by a drive check, you keep for
-- the rest of the game: "on your turn, each of your vanguards gets +10000 power and +1 critical".
return vg.card {
  vg.common.over_trigger_extra {
    vg.give_player(vg.cont {
      condition = vg.cond.your_turn,
      effects = {
        vg.continuous.power(vg.vanguards(), 10000),
        vg.continuous.critical(vg.vanguards(), 1),
      },
    }, "forever"),
  },
}
