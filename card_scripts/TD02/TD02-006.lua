-- TD02-006 Wyvern Strike, Tejas
-- CONT (VC/RC) Besides the usual targets, this unit may attack the back-row unit of your
-- opponent's that faces its column.
return vg.card {
  vg.cont { effects = { vg.continuous.grant("self", "attack_back_column") } },
}
