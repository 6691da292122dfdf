-- D-BT01-069 Selfish Engraver
-- AUTO (RC) When this unit's attack hits, soul charge 1.
-- AUTO (RC) When the battle this unit attacked ends, if your soul holds ten or more cards, you
-- may put this unit into your soul to counter charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attack_hits,
    effect = { vg.soul_charge(1) },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.end_of_battle_attacked,
    condition = vg.cond.count(vg.soul(), 10),
    cost = vg.cost.put_into_soul("self"),
    effect = { vg.counter_charge(1) },
  },
}
