-- Shared helpers for the built-in card sets: whole abilities and effects that many cards
-- share, built from the vg API, so a typical card script is a few lines. Trusted code: it
-- runs once per Lua runtime after vg.lua and adds the `vg.common` table that scripts read.

local common = {}

-- Costs --------------------------------------------------------------------------------------
common.cb = vg.cost.counter_blast
common.sb = vg.cost.soul_blast
common.cc = vg.cost.counter_charge
common.sc = vg.cost.soul_charge

-- Selectors ----------------------------------------------------------------------------------

-- the opponent's rear-guards matching `filter`
function common.opponent_rear_guards(filter)
  local s = vg.rear_guards(filter)
  s.owner = "opponent"
  return s
end

-- your units on the front row (vanguard included) matching `filter`
function common.front_row_units(filter)
  local s = vg.units(filter)
  s.row = "front"
  return s
end

-- Triggers -------------------------------------------------------------------------------------

-- this card is placed on one of `zones` ("VC", "RC", "GC"), whichever way it got there (a rule
-- that puts a card on a circle, such as a legion, logs `place`)
function common.placed_on(zones)
  local events = {}
  local by_rule = false
  for _, zone in ipairs(zones) do
    if zone == "VC" then events[#events + 1] = "ride" end
    if zone == "RC" then events[#events + 1] = "call" end
    if zone == "VC" or zone == "RC" then by_rule = true end
    if zone == "GC" then
      events[#events + 1] = "guard"
      events[#events + 1] = "intercept"
    end
  end
  if by_rule then events[#events + 1] = "place" end
  return {event = events, subject = {self = true, zone = zones}}
end

-- Effects ------------------------------------------------------------------------------------

-- choose one card `from` a selector and retire it (nothing happens when there is none)
function common.retire_one(from)
  return {
    vg.choose { "retire_target", from = from },
    vg.retire "retire_target",
  }
end

-- look at the top `n` cards of your deck, call up to `count` (default 1) of them that match
-- `filter` to open rear-guard circles, and put the others on the bottom of your deck in their
-- order (a chosen card left with no open circle stays on top)
function common.call_from_top(n, filter, count)
  local from = vg.deck(filter)
  from["in"] = "looked_at"
  return {
    vg.look { count = n, as = "looked_at" },
    vg.choose { "called", from = from, count = count or 1, up_to = true },
    vg.call("called", { open_only = true }),
    vg.put(vg.deck { ["in"] = "looked_at", not_in = "called" }, "deck_bottom"),
  }
end

-- this unit gets +amount power until end of that battle
function common.power_for_battle(amount)
  return { vg.power("self", amount, "battle") }
end

-- Whole abilities --------------------------------------------------------------------------------

-- The sentinel's ability: when placed on GC, you may discard a card (or pay `cost`); one of your
-- attacked units cannot be hit until end of that battle.
function common.perfect_guard(cost)
  return vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    cost = cost or vg.cost.discard(1),
    effect = {
      vg.choose { "guarded", from = vg.units { attacked = true } },
      vg.grant("guarded", "cannot_be_hit", "battle"),
    },
  }
end

-- The later sentinel's ability (D-BT01 on): when placed on GC, choose one of your units (attacked
-- or not); it cannot be hit until end of that battle; then, if your hand holds two or more
-- cards, discard one of them. No cost: the discard is part of the effect.
function common.perfect_guard_any()
  return vg.auto {
    zones = {"GC"},
    when = vg.when.placed_on_gc,
    effect = {
      vg.choose { "guarded", from = vg.units() },
      vg.grant("guarded", "cannot_be_hit", "battle"),
      vg.when_true(vg.cond.count(vg.hand(), 2), { vg.discard(1) }),
    },
  }
end

-- A whole AUTO (removed) of a D over trigger: after it resolved as an over trigger turned up by
-- a drive check, choose one of your units; it gets +`amount` power until end of turn.
function common.over_trigger_power(amount)
  return vg.auto {
    zones = {"removed"},
    when = { event = "over_trigger", subject = "self", check = "drive" },
    effect = {
      vg.choose { "boosted_unit", from = vg.units() },
      vg.power("boosted_unit", amount, "turn"),
    },
  }
end

-- A whole AUTO (removed) of a D over trigger with its own extra effect: after it resolved as an
-- over trigger turned up by a drive check, run `effect` (a list of steps).
function common.over_trigger_extra(effect)
  return vg.auto {
    zones = {"removed"},
    when = { event = "over_trigger", subject = "self", check = "drive" },
    effect = effect,
  }
end

-- AUTO (zones) when this unit attacks, [cost,] it gets +amount power until end of that battle.
function common.power_on_attack(amount, opts)
  opts = opts or {}
  return vg.auto {
    zones = opts.zones or {"VC", "RC"},
    when = vg.when.attacks,
    limit_break = opts.limit_break,
    cost = opts.cost,
    condition = opts.condition,
    effect = common.power_for_battle(amount),
  }
end

-- AUTO (VC) when a card rides upon this unit, if you went second (you are not the first
-- player), draw a card: the D era's grade 0 starter ability.
function common.draw_if_went_second()
  return vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    condition = vg.cond.went_second,
    effect = { vg.draw(1) },
  }
end

-- AUTO (RC) when this unit boosts, it gets +amount power until end of turn.
function common.power_on_boost(amount)
  return vg.auto {
    zones = {"RC"},
    when = vg.when.boosts,
    effect = { vg.power("self", amount, "turn") },
  }
end

vg.common = common
