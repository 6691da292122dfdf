-- vg.overdress: helpers for overDress cards (plugin vgcore_overdress). Trusted library code: it
-- runs once per Lua runtime after vg.lua. The plugin's README says what each rule does; in a
-- format without the plugin these helpers never match (and the amount counts 0).

local overdress = {}

overdress.when = {}

-- this unit is placed on RC by overDress (the `call` event of the placement, how = "overdress"):
-- "when this unit is placed on RC, if it overDressed"
overdress.when.placed_by_overdress = {event = "call", subject = "self", how = "overdress"}

-- selector: your units (or `filter.owner`'s) in the overDress state
function overdress.units_in_state(filter)
  local s = vg.units(filter)
  s.has = "overdress_state"
  return s
end

overdress.cond = {}

-- condition: you have at least `n` (default 1) units in the overDress state
function overdress.cond.have_unit_in_state(n)
  return vg.cond.count(overdress.units_in_state(), n or 1)
end

-- selector: the originalDress cards beneath this unit (matching `filter`); "put one of this
-- unit's originalDress into your soul". The plugin's filter key `beneath` names the unit.
function overdress.original_dress(filter)
  local s = vg.cards_in("originaldress", filter)
  s.beneath = "self"
  return s
end

-- an amount: `each` (default 1) times the number of originalDress cards beneath this unit
function overdress.per_original_dress(each)
  return {count = overdress.original_dress(), times = each or 1}
end

vg.overdress = overdress
