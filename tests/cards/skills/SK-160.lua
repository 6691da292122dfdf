-- SK-160 Test Fervent Lord
-- CONT (VC) While this unit is attacking, it gets +5000 power.
return vg.card {
  vg.cont {
    zones = {"VC"},
    condition = vg.cond.attacking,
    effects = { { op = "modify", stat = "power", amount = 5000, target = "self" } },
  },
}
