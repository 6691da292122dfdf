-- D-BT01-055 Spiritual Body Condensation (normal order)
-- Play it by paying SB1: call a card from your drop whose grade is no higher than your
-- vanguard's to a rear-guard circle; it gets +5000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.soul_blast(1),
    effect = {
      vg.choose { "raised", from = vg.drop { grade_max = vg.amount.stat("grade", "vanguard") } },
      vg.call("raised"),
      vg.power("raised", 5000),
    },
  },
}
