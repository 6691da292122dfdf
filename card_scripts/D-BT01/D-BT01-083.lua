-- D-BT01-083 Grapple External
-- CONT (RC) In a battle this unit is attacking in, while your Prison holds at least one of your
-- opponent's cards, this unit has 5000 more power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.attacking, vg.prison.any_imprisoned()),
    effects = { vg.continuous.power("self", 5000) },
  },
}
