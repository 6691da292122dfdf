-- OD-003 Test Shy Dressmaker
-- CONT (RC) Effects of the opponent's cards cannot choose this unit.
return vg.card {
  vg.cont { zones = {"RC"}, effects = { vg.continuous.grant("self", "cannot_be_chosen") } },
}
