-- D-BT01-002 Heavy Artillery of Dust Storm, Eugene
-- ACT (VC) 1/Turn, rest two of your rear-guards: retire one of your opponent's rear-guards of
-- your choice, and this unit gets +10000 power until end of turn.
-- ACT (VC) 1/Turn, only if a rear-guard of your opponent was retired this turn, SB5: look at
-- as many cards from the top of your deck as your opponent has open rear-guard circles, call
-- any number of the unit cards among them to your rear-guard circles, and put the others
-- into your soul.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.rest(vg.rear_guards(), 2),
    effect = {
      vg.retire(nil, { from = vg.rear_guards { owner = "opponent" } }),
      vg.power("self", 10000),
    },
  },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    condition = vg.cond.this_turn { event = "retire", from = "RC", player = "opponent" },
    cost = vg.cost.soul_blast(5),
    effect = {
      vg.look { count = vg.amount.open_circles("opponent") },
      vg.choose { "called", from = vg.deck { ["in"] = "looked", unit = true }, count = 5,
                  up_to = true },
      vg.call("called"),
      vg.put_into_soul(vg.deck { ["in"] = "looked", not_in = "called" }),
    },
  },
}
