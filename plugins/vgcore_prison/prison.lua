-- vg.prison: helpers for the Prison mechanic (plugin vgcore_prison). Trusted library code: it
-- runs once per Lua runtime after vg.lua. The `imprison` step exists only in formats that
-- enable the `prison` plugin (d-standard).

local prison = {}

-- selector: the cards imprisoned in your order zone (matching `filter`): cards there that
-- another player owns
function prison.imprisoned(filter)
  local s = vg.cards_in("order_zone", filter)
  s.card_owner = "opponent"
  return s
end

-- condition: at least `n` (default 1) cards are imprisoned in your order zone
function prison.any_imprisoned(n)
  return vg.cond.count(prison.imprisoned(), n or 1)
end

-- step: imprison the cards `target` names, or `extra.count` chosen `from` a selector
-- (extra keys as for vg.retire: from, count, up_to, optional, chooser, as)
function prison.imprison(target, extra)
  local s = {}
  for k, v in pairs(extra or {}) do s[k] = v end
  s.op = "imprison"
  s.target = target
  return s
end

-- step: choose `n` of the opponent's rear-guards and imprison them (`up_to`: fewer allowed)
function prison.imprison_rear_guards(n, up_to)
  return prison.imprison(nil, {
    from = vg.rear_guards { owner = "opponent" }, count = n or 1, up_to = up_to,
  })
end

vg.prison = prison
