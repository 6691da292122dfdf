-- SK-207 Test Herald of Frenzy
-- ACT (RC) 1/Turn: you enter the state "final rush" until end of turn.
return vg.card {
  vg.act { zones = {"RC"}, once_per_turn = true, effect = { vg.enter_state("final_rush") } },
}
