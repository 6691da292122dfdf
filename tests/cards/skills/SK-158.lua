-- SK-158 Test Soulbound Knight
-- CONT (RC) While your soul holds two or more cards, this unit gets +5000 power.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.count(vg.soul(), 2),
    effects = { { op = "modify", stat = "power", amount = 5000, target = "self" } },
  },
}
