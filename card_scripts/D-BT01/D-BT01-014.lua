-- D-BT01-014 Upward Acrobat, Marjorie
-- AUTO (RC) 1/Turn When this unit attacks, if you are in Final Rush, you may put one of your
-- other rear-guards into your soul: draw a card, soul charge 1, and this unit gets +10000
-- power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = vg.when.attacks,
    condition = vg.cond.in_state("final_rush"),
    cost = vg.cost.put_into_soul(vg.rear_guards { not_self = true }, 1),
    effect = { vg.draw(1), vg.soul_charge(1), vg.power("self", 10000) },
  },
}
