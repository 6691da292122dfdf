-- D-SD05-006 Security Patroller
-- AUTO (RC) When placed on RC, you may pay SB1 to imprison one of the opponent's rear-guards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.soul_blast(1),
    effect = { vg.prison.imprison_rear_guards(1) },
  },
}
