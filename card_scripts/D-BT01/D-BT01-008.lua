-- D-BT01-008 Hexaorb Sorceress
-- AUTO (VC) When a drive check of this unit turns up a trigger unit, one of your rear-guards
-- of your choice gets +10000 power until end of turn.
-- ACT (VC) 1/Turn, only if you persona rode this turn, CB1 and SB1: you may reveal a critical
-- or front trigger from your hand and put it on top of your deck; this unit gets one more
-- drive check until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.drive_check { trigger = true },
    effect = {
      vg.choose { "helped", from = vg.rear_guards() },
      vg.power("helped", 10000),
    },
  },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    condition = vg.cond.this_turn { event = "persona_ride", player = "you" },
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.soul_blast(1)),
    effect = {
      vg.reveal(nil, { from = vg.hand { trigger = {"critical", "front"} }, up_to = true,
                       as = "shown" }),
      vg.put("shown", "deck_top"),
      vg.drive("self", 1),
    },
  },
}
