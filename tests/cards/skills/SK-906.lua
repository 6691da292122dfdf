-- SK-906 Test Ride Caller
-- ACT (VC) 1/Turn: choose a card from your hand and ride it.
-- ACT (VC) 1/Turn: choose a card from your hand and call it to RC.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.choose { "card", from = vg.hand {} }, vg.ride "card" },
  },
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.choose { "card", from = vg.hand {} }, vg.call "card" },
  },
}
