-- D-BT01-096 Divine Sister, Lepisto
-- AUTO (RC) When a drive check of yours turns up a trigger unit, you may pay CB2: stand this
-- unit, and it gets +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = {event = "drive_check", player = "you", subject = {trigger = true}},
    cost = vg.cost.counter_blast(2),
    effect = { vg.stand("self"), vg.power("self", 5000) },
  },
}
