-- DEMO-KG-002 Cinder Lancer, Rukh
-- AUTO (RC) When placed on RC, you may pay SB1: retire one of your opponent's grade 0 rear-guards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.soul_blast(1),
    effect = {
      vg.choose { "target", from = vg.rear_guards { owner = "opponent", grade = 0 } },
      vg.retire "target",
    },
  },
}
