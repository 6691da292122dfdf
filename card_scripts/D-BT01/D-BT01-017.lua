-- D-BT01-017 Hyperspeed Robo, Chevalstud
-- ACT (RC) Once a turn, CB1 and SB1: imprison one of your opponent's rear-guards; after that,
-- draw a card if your Prison holds three or more of your opponent's cards.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.cost.all(vg.common.cb(1), vg.common.sb(1)),
    effect = {
      vg.prison.imprison_rear_guards(1),
      vg["if"](vg.prison.any_imprisoned(3), { vg.draw(1) }),
    },
  },
}
