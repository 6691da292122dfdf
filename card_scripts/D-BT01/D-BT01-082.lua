-- D-BT01-082 Lightning Thief Monster, Jabattail
-- CONT (RC) While your World is Abyssal Dark Night (you are in that state), this unit's attack
-- battles every unit of one of the opponent's columns.
return vg.card {
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.in_state("abyssal_dark_night"),
    effects = { vg.continuous.grant("self", "column_attack") },
  },
}
