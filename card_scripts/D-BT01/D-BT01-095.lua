-- D-BT01-095 Actual Analyst, Kokabiel
-- CONT (GC) While your vanguard is Apex Ruler, Bastion, this unit gets +5000 shield for each
-- two of your grade 3 units (this guardian counts too).
return vg.card {
  vg.cont {
    zones = {"GC"},
    condition = vg.cond.vanguard_is { name = "Apex Ruler, Bastion" },
    effects = {
      vg.continuous.shield("self", vg.amount.per(vg.cards_in("field", { grade = 3 }), 2, 5000)),
    },
  },
}
