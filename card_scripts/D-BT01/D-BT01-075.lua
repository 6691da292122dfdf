-- D-BT01-075 Deep Soniker
-- AUTO When this unit is placed on VC, soul charge 1.
-- CONT (RC) On your turn, while your soul holds ten or more cards, this unit has 10000 more
-- power.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = { vg.soul_charge(1) },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.cond.count(vg.soul(), 10)),
    effects = { vg.continuous.power("self", 10000) },
  },
}
