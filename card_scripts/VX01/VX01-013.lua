-- VX01-013 Thousandbloom Matriarch, Elyria (accel)
-- AUTO (VC) When this unit is placed on VC, you may pay CB1: look at the top two cards of your
-- deck, call up to one unit of grade 2 or less from among them to an open rear-guard circle,
-- and put the rest on the bottom of your deck. (The accel circle the ride just made is open.)
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    cost = vg.common.cb(1),
    effect = vg.common.call_from_top(2, { unit = true, grade_max = 2 }),
  },
}
