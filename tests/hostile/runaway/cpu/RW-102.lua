-- RW-102 Pondering Sage: a CONT amount that thinks for 1.5 million instructions whenever the
-- unit's power is read (by the game, by a view, by an agent).
local function ponder(ctx)
  local x = 0
  for i = 1, 370000 do x = x + i % 7 end
  return 1000 + x % 1
end

return vg.card {
  vg.cont {
    zones = {"VC", "RC"},
    effects = { {op = "modify", stat = "power", amount = ponder, target = "self"} },
  },
}
