-- D-BT01-060 Gunning of Dust Storm, Nigel
-- AUTO When Cataclysmic Bullet of Dust Storm, Randor rides upon this unit, soul charge 1.
-- AUTO (RC) When a rear-guard of your opponent is retired during your main phase, you may
-- pay CB1 and retire this unit: retire one of your opponent's rear-guards of your choice.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Cataclysmic Bullet of Dust Storm, Randor" },
    effect = { vg.soul_charge(1) },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    filter = vg.cond.all(vg.cond.your_turn, {phase = "main"}),
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.retire("self")),
    effect = { vg.retire(nil, { from = vg.rear_guards { owner = "opponent" } }) },
  },
}
