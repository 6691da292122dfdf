-- SK-952 Test World Keeper (stands in for the World orders in tests)
-- ACT (VC/RC) 1/Turn: you are in the dark_night state for the rest of the game.
-- ACT (VC/RC) 1/Turn: you are in the abyssal_dark_night state for the rest of the game.
return vg.card {
  vg.act { once_per_turn = true,
           effect = { vg.enter_state("dark_night", "you", "forever") } },
  vg.act { once_per_turn = true,
           effect = { vg.enter_state("abyssal_dark_night", "you", "forever") } },
}
