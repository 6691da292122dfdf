-- D-BT01-024 Spurring Maiden, Ellenia
-- AUTO When this unit is called from your hand to RC, you may pay CB1 and SB1: call a card of
-- grade 2 or lower from your drop to a rear-guard circle; it has 5000 more power for the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = "call", subject = { self = true, zone = "RC" }, source = "hand" },
    cost = vg.cost.all(vg.common.cb(1), vg.common.sb(1)),
    effect = {
      vg.choose { "revived", from = vg.drop { grade_max = 2 } },
      vg.call "revived",
      vg.power("revived", 5000, "turn"),
    },
  },
}
