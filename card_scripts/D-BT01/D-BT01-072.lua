-- D-BT01-072 Steam Artist, Pithana
-- ACT (RC) Put this unit into your soul: one of your units of your choice has 2000 more power
-- for the turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.cost.put_into_soul("self"),
    effect = {
      vg.choose { "cheered", from = vg.units() },
      vg.power("cheered", 2000, "turn"),
    },
  },
}
