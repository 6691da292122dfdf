-- SK-102 Test Sweeping Knight
-- AUTO (RC) When placed on RC, choose two of your opponent's rear-guards and retire them.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "doomed", from = vg.rear_guards { owner = "opponent" }, count = 2 },
      vg.retire "doomed",
    },
  },
}
