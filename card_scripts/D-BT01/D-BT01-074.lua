-- D-BT01-074 Direful Doll, Simone
-- AUTO (RC) When this unit boosts, if your soul holds five or more cards, you may pay CB1: for
-- the rest of that battle, your opponent can only call guardians from hand two or more at once.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosts,
    condition = vg.cond.count(vg.soul(), 5),
    cost = vg.cost.counter_blast(1),
    effect = { vg.enter_state("guard_with_two_or_more", "opponent", "battle") },
  },
}
