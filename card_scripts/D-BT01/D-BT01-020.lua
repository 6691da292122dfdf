-- D-BT01-020 Knight of War Damage, Fosado
-- CONT (RC) Effects of the opponent's cards cannot pick this unit.
-- AUTO (RC) When this unit's attack hits, counter charge 1 and soul charge 1.
return vg.card {
  vg.cont {
    zones = {"RC"},
    effects = { vg.continuous.grant("self", "cannot_be_chosen") },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.attack_hits,
    effect = { vg.counter_charge(1), vg.soul_charge(1) },
  },
}
