-- D-BT01-007 Grand Heavenly Sword, Alden
-- AUTO When this unit is placed on RC, you may pay CB2 and SB1: pick a card from your hand and
-- call it to a rear-guard circle; if the called unit is grade 3, draw two cards.
-- AUTO (RC) On attacking, while you have three or more grade 3 units, this unit has 5000 more
-- power for the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.all(vg.common.cb(2), vg.common.sb(1)),
    effect = {
      vg.choose { "recruit", from = vg.hand() },
      vg.call "recruit",
      vg["if"](vg.cond.count(vg.rear_guards { ["in"] = "recruit", grade = 3 }), { vg.draw(2) }),
    },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = vg.cond.count(vg.units { grade = 3 }, 3),
    effect = { vg.power("self", 5000, "turn") },
  },
}
