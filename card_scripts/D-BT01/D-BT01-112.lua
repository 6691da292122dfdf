-- D-BT01-112 Conspiring Mutant, Admantis
-- AUTO When this unit is placed on RC, another rear-guard of yours of your choice has 5000 more
-- power for the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "ally", from = vg.rear_guards { not_self = true } },
      vg.power("ally", 5000, "turn"),
    },
  },
}
