-- SK-961 Test Night Caller
-- ACT (RC) 1/Turn: you enter the state "abyssal dark night" until end of turn (the state a
-- World of D-BT01 puts its player in; here without the World).
return vg.card {
  vg.act { zones = {"RC"}, once_per_turn = true,
           effect = { vg.enter_state("abyssal_dark_night") } },
}
