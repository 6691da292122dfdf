-- D-BT01-005 Cardinal Deus, Orfist
-- CONT (VC/RC) During your turn, while your World is Dark Night or Abyssal Dark Night, this unit
-- gets +5000 power.
-- ACT (VC) While your World is Abyssal Dark Night, pay CB2: call up to three Shadow Army tokens
-- (D-BT01-T01) to RC.
-- (A World's state is the player state its order sets: `dark_night`, `abyssal_dark_night`.)
return vg.card {
  vg.cont {
    zones = {"VC", "RC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.cond.any(
      vg.cond.in_state("dark_night"), vg.cond.in_state("abyssal_dark_night"))),
    effects = { vg.continuous.power("self", 5000) },
  },
  vg.act {
    zones = {"VC"},
    condition = vg.cond.in_state("abyssal_dark_night"),
    cost = vg.cost.counter_blast(2),
    effect = { vg.call_token("D-BT01-T01", 3, { up_to = true }) },
  },
}
