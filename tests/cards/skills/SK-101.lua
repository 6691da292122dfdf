-- SK-101 Test Culling Knight
-- AUTO (RC) When placed on RC, choose up to two of your opponent's rear-guards and retire them.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "doomed", from = vg.rear_guards { owner = "opponent" }, count = 2, up_to = true },
      vg.retire "doomed",
    },
  },
}
