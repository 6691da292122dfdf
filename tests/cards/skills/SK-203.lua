-- SK-203 Test Flanking Wyvern
-- CONT (VC/RC) This unit may also attack the opponent's back-row unit in its column.
return vg.card {
  vg.cont { effects = { vg.continuous.grant("self", "attack_back_column") } },
}
