-- D-BT01-015 Steam Battler, Gungnram
-- AUTO When this unit is placed on RC, soul charge 1.
-- ACT (RC) Once a turn, SB3: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.soul_charge(1) },
  },
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.common.sb(3),
    effect = { vg.draw(1) },
  },
}
