-- D-BT01-048 Divine Sister, Faciata
-- AUTO (RC) 1/Turn When a drive check of yours turns up a trigger unit, you may pay SB2 to
-- counter charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = {event = "drive_check", player = "you", subject = {trigger = true}},
    cost = vg.cost.soul_blast(2),
    effect = { vg.counter_charge(1) },
  },
}
