-- SK-960 Test Column Raider
-- CONT (RC) When this unit attacks, it battles every unit of one of the opponent's columns.
return vg.card {
  vg.cont { zones = {"RC"}, effects = { vg.continuous.grant("self", "column_attack") } },
}
