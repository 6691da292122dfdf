-- D-BT01-027 Cataclysmic Bullet of Dust Storm, Randor
-- AUTO When Heavy Artillery of Dust Storm, Eugene rides upon this unit, draw a card, then put up
-- to one card from your drop into your soul.
-- AUTO (VC/RC) On attacking, while your opponent has two rear-guards or fewer, you may pay CB1:
-- soul charge 1 and this unit has 5000 more power for the battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Heavy Artillery of Dust Storm, Eugene" },
    effect = {
      vg.draw(1),
      vg.put_into_soul(nil, { from = vg.drop(), up_to = true }),
    },
  },
  vg.auto {
    zones = {"VC", "RC"},
    when = vg.when.attacks,
    condition = vg.cond.count(vg.common.opponent_rear_guards(), 0, 2),
    cost = vg.common.cb(1),
    effect = { vg.soul_charge(1), vg.power("self", 5000, "battle") },
  },
}
