-- SK-201 Test Rally Captain
-- AUTO (RC) When placed on RC, another rear-guard of yours gains, until end of turn, "AUTO when
-- this unit attacks, +3000 power until end of that battle".
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "ally", from = vg.rear_guards { not_self = true } },
      vg.grant_ability("ally", vg.auto {
        zones = {"RC"},
        when = vg.when.attacks,
        effect = { vg.power("self", 3000, "battle") },
      }, "turn"),
    },
  },
}
