-- D-BT01-098 Divine Sister, Pastelitos
-- AUTO (RC) 1/Turn When a drive check of yours turns up a trigger unit, you may pay SB1: this
-- unit gets +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = {event = "drive_check", player = "you", subject = {trigger = true}},
    cost = vg.cost.soul_blast(1),
    effect = { vg.power("self", 5000) },
  },
}
