-- D-BT01-109 Hydrolic Ram Dragon
-- AUTO (RC) On attacking a vanguard, while an order card lies in your bind zone, this unit has
-- 5000 more power for the battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = "attack", subject = "self", target = { zone = "VC" } },
    condition = vg.cond.count(vg.cards_in("bind", { kind = "order" })),
    effect = vg.common.power_for_battle(5000),
  },
}
