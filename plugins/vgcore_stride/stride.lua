-- vg.stride: helpers for G units (plugin vgcore_stride). Trusted library code: it runs once per
-- Lua runtime after vg.lua. The `stride` and `g_guardian` events and the `generation_break`
-- validity key exist only in formats that enable the `stride` plugin (premium); elsewhere these
-- triggers never match.

local stride = {}

stride.when = {}

-- this unit strides (the `stride` event comes with the G unit already on VC, so write the
-- ability with `zones = {"VC"}`); an ultimate stride is a stride too
stride.when.strides = {event = "stride", subject = "self"}

-- this unit ultimate strides
stride.when.ultimate_strides = {event = "stride", subject = "self", ultimate = true}

-- this G unit is called to GC as a G guardian (write it with `zones = {"GC"}`)
stride.when.g_guardian = {event = "g_guardian", subject = "self"}

-- you (or, with player = "opponent", your opponent) stride with any G unit
function stride.when.any_stride(player)
  return {event = "stride", player = player or "you"}
end

-- selector: your heart (the card under the G unit on VC), or the opponent's (filter.owner)
function stride.heart(filter)
  return vg.cards_in("heart", filter)
end

-- selector: the face-up cards of your G zone (matching `filter`)
function stride.face_up_g_zone(filter)
  local f = {}
  for k, v in pairs(filter or {}) do f[k] = v end
  f.face = "up"
  return vg.cards_in("g_zone", f)
end

vg.stride = stride
