-- D-BT01-006 Aurora Battle Princess, Agra Rouge
-- CONT (RC/GC) While you hold two or more of your opponent's cards in your Prison, this unit has
-- 5000 more power and 10000 more shield.
-- AUTO When this unit is placed on RC, you may pay SB1 to imprison one of your opponent's
-- front-row rear-guards.
return vg.card {
  vg.cont {
    zones = {"RC", "GC"},
    condition = vg.prison.any_imprisoned(2),
    effects = {
      vg.continuous.power("self", 5000),
      vg.continuous.shield("self", 10000),
    },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.common.sb(1),
    effect = {
      vg.prison.imprison(nil, { from = vg.common.opponent_rear_guards { row = "front" } }),
    },
  },
}
