-- VX01-013 Thousandbloom Matriarch, Elyria (accel)
-- AUTO (VC) When this unit is placed on VC, you may pay CB1: look at the top two cards of your
-- deck, call up to one unit of grade 2 or less from among them to an open rear-guard circle,
-- and put the rest on the bottom of your deck. (The accel circle the ride just made is open.)
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    cost = vg.common.cb(1),
    effect = {
      vg.look { count = 2, as = "top" },
      vg.choose { "sprout", up_to = true,
                  from = vg.deck { ["in"] = "top", unit = true, grade_max = 2 } },
      vg.call("sprout", { open_only = true }),
      vg.put(vg.deck { ["in"] = "top", not_in = "sprout" }, "deck_bottom"),
    },
  },
}
