-- vg.legion: helpers for legion cards (plugin vgcore_legion). Trusted library code: it runs
-- once per Lua runtime after vg.lua. The `legion` event happens only in formats that enable
-- the `legion` plugin (premium); elsewhere these helpers simply never match.

local legion = {}

legion.when = {}

-- this unit, as the leader, legions (event `legion`, subject = the leader)
legion.when.legions = {event = "legion", subject = "self"}

-- this card is put on VC as a legion mate (event `place` with how = "legion")
legion.when.placed_as_mate = {event = "place", subject = "self", how = "legion"}

-- you (or, with player = "opponent", your opponent) legion with any vanguard
function legion.when.any_legion(player)
  return {event = "legion", player = player or "you"}
end

-- selector: the legion mate beside your vanguard (or the opponent's: filter.owner)
function legion.mate(filter)
  return vg.cards_in("legion_mate", filter)
end

legion.cond = {}

-- condition: your vanguard (or, with player = "opponent", your opponent's) is in legion
function legion.cond.in_legion(player)
  local owner = (player == "opponent") and "opponent" or "you"
  return vg.cond.count(legion.mate { owner = owner }, 1)
end

vg.legion = legion
