-- SK-103 Test Drill Sergeant
-- AUTO (RC) When placed on RC, stand one of your rested rear-guards, then rest one of your
-- opponent's standing rear-guards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "tired", from = vg.rear_guards { rested = true } },
      vg.stand "tired",
      vg.choose { "foe", from = vg.rear_guards { owner = "opponent", rested = false } },
      vg.rest "foe",
    },
  },
}
