-- RW-101 Brooding Sage: a filter that thinks for 1.5 million instructions, then says no; it
-- runs for every copy of the card on every event.
local function brood(ctx)
  local x = 0
  for i = 1, 370000 do x = x + i % 7 end
  return x < 0
end

return vg.card {
  vg.auto {
    zones = {"deck", "hand", "drop", "soul", "damage", "VC", "RC"},
    when = {event = {"draw", "shuffle", "phase", "turn_start", "stand_up", "first_player",
                     "mulligan", "ride", "call", "stand", "rest", "attack", "power"}},
    filter = brood,
    effect = {},
  },
}
