-- SK-204 Test Long Spear
-- CONT (RC) This unit may attack from the back row.
return vg.card {
  vg.cont { zones = {"RC"}, effects = { vg.continuous.grant("self", "attack_from_back_row") } },
}
