-- vg.gifts: helpers for imaginary gifts and the quick shield ticket (plugin vgcore_gifts).
-- Trusted library code: it runs once per Lua runtime after vg.lua. The `gift` event, the
-- marker states and the `quick_shield_ticket` step exist only in formats that enable the
-- `gifts` plugin (v-standard).

local gifts = {}

-- filters for units on a circle with such markers (`has`): e.g. vg.units(gifts.on_force)
gifts.on_accel = {has = "gift_accel"}
gifts.on_force = {has = "gift_force"}
gifts.on_protect = {has = "gift_protect"}

gifts.when = {}

-- you (or, with player = "opponent", your opponent) gain a gift (of `gift` type, if given:
-- "accel", "force" or "protect")
function gifts.when.gained(gift, player)
  return {event = "gift", player = player or "you", gift = gift}
end

-- step: put a quick shield ticket into your hand (or `player`'s)
function gifts.ticket(player)
  return {op = "quick_shield_ticket", player = player}
end

-- The V-era first vanguard's ability (RULES.md §4): when a unit rides on it, draw a card; then
-- if the opponent's vanguard is grade 1 or more, put a quick shield ticket into your hand.
function gifts.first_vanguard()
  return vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    effect = {
      vg.draw(1),
      vg.when_true({vanguard = {grade_min = 1}, player = "opponent"}, { gifts.ticket() }),
    },
  }
end

vg.gifts = gifts
