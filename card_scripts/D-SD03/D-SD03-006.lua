-- D-SD03-006 Knight of Broadaxe, Rafluke
-- ACT (RC) Send this rear-guard to your soul: one of your grade 3 rear-guards has 10000 more
-- power for the turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.cost.put_into_soul("self"),
    effect = {
      vg.choose { "striker", from = vg.rear_guards { grade = 3 } },
      vg.power("striker", 10000),
    },
  },
}
