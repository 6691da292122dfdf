-- D-SD02-005 Time-fissuring Fist Colossus
-- AUTO On being called, soul charge 1; after that, while you are in Final Rush you may pay CB1
-- to give this unit 15000 more power for the rest of the turn.
-- (The second part's payment comes after the soul charge, so it is an `if` over a `may` step,
-- offered only when a face-up damage card can pay it.)
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.soul_charge(1),
      vg.when_true(
        vg.cond.all(vg.cond.in_state("final_rush"), vg.cond.count(vg.damage { face = "up" })),
        {
          vg.may({
            vg.counter_blast(1),
            vg.power("self", 15000, "turn"),
          }, "Pay CB1 for +15000 power until end of turn?"),
        }
      ),
    },
  },
}
