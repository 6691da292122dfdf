-- D-BT01-111 Rancor Chain
-- ACT (VC) 1/Turn, SB1: draw two cards, then you may discard an order card; if you did not,
-- discard two cards.
-- CONT (RC) While you have played an order this turn, this unit gets +2000 power.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.soul_blast(1),
    effect = {
      vg.draw(2),
      vg.discard(1, { filter = { kind = "order" }, up_to = true, as = "tossed" }),
      vg.when_true(vg.cond.negate(vg.cond.count(vg.drop { ["in"] = "tossed" })),
                   { vg.discard(2) }),
    },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.this_turn { event = "order", player = "you" },
    effects = { vg.continuous.power("self", 2000) },
  },
}
