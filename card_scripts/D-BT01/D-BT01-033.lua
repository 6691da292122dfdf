-- D-BT01-033 Electro Spartan
-- AUTO When Master of Gravity, Baromagnes rides upon this unit, you may put a card from your
-- hand into your soul: draw a card and soul charge 1.
-- AUTO When this unit is placed on RC, you may pay CB1 to soul charge 2.
-- (Putting a hand card into the soul is the core's `put` cost part, written by hand: vg.cost.put
-- names its card and does not let the player pick one.)
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Master of Gravity, Baromagnes" },
    cost = { {op = "put", from = vg.hand(), count = 1, to = "soul"} },
    effect = { vg.draw(1), vg.soul_charge(1) },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.common.cb(1),
    effect = { vg.soul_charge(2) },
  },
}
