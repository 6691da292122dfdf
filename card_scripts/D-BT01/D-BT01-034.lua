-- D-BT01-034 Shadow Leak Magician
-- CONT (RC) Effects of your opponent's cards cannot choose this unit.
return vg.card {
  vg.cont { zones = {"RC"}, effects = { vg.continuous.grant("self", "cannot_be_chosen") } },
}
