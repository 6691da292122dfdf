-- SK-001 Test Blade Knight
-- AUTO (VC/RC) When placed, you may pay CB1: retire one of your opponent's grade 2+ rear-guards.
return vg.card {
  vg.auto {
    zones = {"VC", "RC"},
    when = vg.when.placed_self,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.choose { "target", from = vg.rear_guards { owner = "opponent", grade_min = 2 } },
      vg.retire "target",
    },
  },
}
