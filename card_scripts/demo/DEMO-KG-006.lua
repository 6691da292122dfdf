-- DEMO-KG-006 Blazewing Dragoon
-- AUTO (VC/RC) When placed, you may pay CB1: retire up to one of your opponent's grade 1 or
-- lower rear-guards.
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.choose { "target", from = vg.rear_guards { owner = "opponent", grade_max = 1 },
                  up_to = true },
      vg.retire "target",
    },
  },
}
