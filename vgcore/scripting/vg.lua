-- The `vg` card-script API: constructors that build plain declaration tables.
--
-- Trusted code, run once per Lua runtime before any card script. Every constructor returns a
-- fresh plain table (no functions of its own, no metatables), so a card script's result is
-- data the engine validates and executes; only functions written by the card (filters,
-- conditions, amounts) stay Lua functions. Each declaration records the script line it was
-- built on (`_line`) when the runtime can tell, for error messages.

local vg = {}

local line_of = _VG_LINE_OF   -- set by the host: function(level) -> line or nil

local function copy(t)
  local out = {}
  if t then
    for k, v in next, t do out[k] = v end
  end
  return out
end

local function tagged(spec, field, value)
  local out = copy(spec)
  out[field] = value
  if line_of and out._line == nil then out._line = line_of(4) end
  return out
end

local function concat(...)
  local out = {}
  for _, list in ipairs({...}) do
    for _, item in ipairs(list) do out[#out + 1] = item end
  end
  return out
end

-- Declarations -------------------------------------------------------------------------

function vg.card(abilities)
  return {abilities = copy(abilities)}
end

function vg.auto(spec) return tagged(spec, "kind", "auto") end
function vg.act(spec) return tagged(spec, "kind", "act") end
function vg.cont(spec) return tagged(spec, "kind", "cont") end

-- Triggers (`when`) ----------------------------------------------------------------------

vg.when = {}

-- this card is placed on VC or RC (ridden or called, normally or by an effect, or put there
-- by a rule such as a legion: event `place`)
vg.when.placed_self = {event = {"ride", "call", "place"}, subject = "self"}
vg.when.placed_on_vc = {event = {"ride", "place"}, subject = {self = true, zone = "VC"}}
vg.when.placed_on_rc = {event = {"call", "place"}, subject = {self = true, zone = "RC"}}
vg.when.placed_on_gc = {event = {"guard", "intercept"}, subject = "self"}
vg.when.attacks = {event = "attack", subject = "self"}
vg.when.boosts = {event = "boost", subject = "self"}
vg.when.boosted = {event = "boost", boosted = "self"}
vg.when.attack_hits = {event = "hit", attacker = "self"}
-- an attack hits in a battle this unit boosted
vg.when.boosted_attack_hits = {event = "hit", booster = "self"}
vg.when.ridden_upon = {event = "ride", previous = "self"}
vg.when.battle_phase_start = {event = "battle_start", player = "you"}
vg.when.ride_phase_start = {event = "phase", phase = "ride", player = "you"}
vg.when.main_phase_start = {event = "phase", phase = "main", player = "you"}
vg.when.end_of_battle = {event = "battle_end"}
-- the battle this unit attacked / boosted ends (its close step)
vg.when.end_of_battle_attacked = {event = "battle_end", attacker = "self"}
vg.when.end_of_battle_boosted = {event = "battle_end", booster = "self"}
vg.when.end_of_turn = {event = "end_phase", player = "you"}
vg.when.retired = {event = "retire", subject = "self"}

function vg.when.ridden_upon_by(filter)
  return {event = "ride", previous = "self", subject = copy(filter)}
end

function vg.when.boosts_unit(filter)
  return {event = "boost", subject = "self", boosted = copy(filter)}
end

-- a drive check of this unit reveals a card matching `filter` (e.g. {grade = 3})
function vg.when.drive_check(filter)
  return {event = "drive_check", by = "self", subject = copy(filter)}
end

function vg.when.unit_retired(filter)
  return {event = "retire", subject = copy(filter)}
end

-- a rear-guard matching `filter` is retired (a guardian leaving GC is not a rear-guard)
function vg.when.rear_guard_retired(filter)
  return {event = "retire", subject = copy(filter), from = "RC"}
end

function vg.when.event(name, fields)
  local out = copy(fields)
  out.event = name
  return out
end

-- Selectors --------------------------------------------------------------------------------
-- A selector is a table: {zone = ..., owner = "you" | "opponent" | "any", <card filters>}.

local function in_zone(zone, owner_default)
  return function(filter)
    local s = copy(filter)
    s.zone = s.zone or zone
    s.owner = s.owner or owner_default
    return s
  end
end

vg.units = in_zone("units", "you")   -- VC and RC (guardians on GC: vg.guardians)
vg.rear_guards = in_zone("RC", "you")
vg.vanguards = in_zone("VC", "you")
vg.guardians = in_zone("GC", "you")
vg.hand = in_zone("hand", "you")
vg.drop = in_zone("drop", "you")
vg.soul = in_zone("soul", "you")
vg.damage = in_zone("damage", "you")
vg.deck = in_zone("deck", "you")
-- the bind zone's cards (not `vg.bind`: that name is the step that binds cards, §10.2)
vg.bind_zone = in_zone("bind", "you")
vg.cards_in = function(zone, filter) return in_zone(zone, "you")(filter) end

-- Conditions ---------------------------------------------------------------------------------

vg.cond = {}
function vg.cond.all(...) return {all = {...}} end
function vg.cond.any(...) return {any = {...}} end
function vg.cond.negate(c) return {["not"] = c} end
function vg.cond.count(selector, min, max) return {count = selector, min = min, max = max} end
function vg.cond.damage_at_least(n) return {damage_min = n} end
function vg.cond.vanguard_is(filter) return {vanguard = copy(filter)} end
vg.cond.your_turn = {turn = "yours"}
vg.cond.opponents_turn = {turn = "opponents"}
vg.cond.attacking = {attacking = true}
vg.cond.boosted = {boosted = true}
-- this unit is boosting the attack of the battle going on
vg.cond.boosting = {boosting = true}
vg.cond.in_battle = {in_battle = true}
-- you went first / second (the first player, chosen at the start of the game)
vg.cond.went_first = {went_first = true}
vg.cond.went_second = {went_first = false}
-- you (or `player`) are in a named state, e.g. vg.cond.in_state("final_rush")
function vg.cond.in_state(name, player) return {state = name, player = player} end
-- this unit is on a circle of the given row ("front" or "back")
function vg.cond.self_in_row(row) return {self_row = row} end
-- at least `min` (default 1; at most `max`) events of this turn match the trigger table `when`
function vg.cond.this_turn(when, min, max) return {this_turn = copy(when), min = min, max = max} end
-- two amounts compare: op is "<", "<=", "==", "~=", ">=" or ">"
function vg.cond.compare(left, op, right)
  return {compare = {left = left, op = op, right = right}}
end

-- Amounts (tables the engine works out; see docs/lua-api.md §7) ---------------------------

vg.amount = {}
-- (number of cards the selector names) // per * times: "+10000 for every five soul cards"
function vg.amount.per(selector, per, times)
  return {count = selector, per = per, times = times}
end
-- the current `stat` of the card(s) a reference names (default "self"; a sum over several)
function vg.amount.stat(stat, of) return {stat = stat, of = of} end
-- the current `stat` of each unit being changed, worked out for each ("double its power")
function vg.amount.own(stat, times) return {own = stat, times = times} end
-- the number of a player's open circles among `zone` words (default "RC")
function vg.amount.open_circles(player, zone)
  return {open_circles = zone or "RC", player = player}
end

-- Costs (each returns a list; combine with vg.cost.all) ------------------------------------

vg.cost = {}
-- pile costs: `n` cards (default 1) matching `filter` (e.g. {grade = 3}); `extra` holds the
-- part's other keys (`or_more`, `as`)
local function pile_cost(op)
  return function(n, filter, extra)
    local part = copy(extra)
    part.op, part.count = op, n or 1
    if filter then part.filter = copy(filter) end
    return {part}
  end
end
vg.cost.counter_blast = pile_cost("counter_blast")
vg.cost.soul_blast = pile_cost("soul_blast")
vg.cost.counter_charge = pile_cost("counter_charge")
vg.cost.discard = pile_cost("discard")
function vg.cost.soul_charge(n) return {{op = "soul_charge", count = n or 1}} end
-- `what` is "self" (or another reference), or a selector to choose `n` (default 1) cards from
local function chosen_cost(op)
  return function(what, n)
    if type(what) == "table" and what.op == nil and what[1] == nil then
      return {{op = op, from = what, count = n or 1}}
    end
    return {{op = op, target = what or "self"}}
  end
end
vg.cost.retire = chosen_cost("retire")
vg.cost.rest = chosen_cost("rest")
vg.cost.put_into_soul = chosen_cost("put_into_soul")
-- reveal `n` cards matching `filter` from your hand (the reveal step chooses them `from`)
-- reveal `n` hand cards matching `filter` (chosen), or the card(s) a reference names ("self")
function vg.cost.reveal(n, filter)
  if type(n) == "string" then return {{op = "reveal", target = n}} end
  return {{op = "reveal", count = n or 1, from = vg.hand(filter)}}
end
-- put the named card(s) into a zone as a cost (e.g. this card from hand onto the deck)
function vg.cost.put(what, to) return {{op = "put", target = what or "self", to = to}} end
function vg.cost.all(...) return concat(...) end
-- "N or more": the payer chooses how many (at least each part's count) when paying; the
-- cards paid are bound under `name` for the effect (an amount: vg.count_bound(name))
function vg.cost.or_more(cost, name)
  local out = {}
  for i, part in ipairs(cost) do
    out[i] = copy(part)
    out[i].or_more = true
    out[i].as = name
  end
  return out
end
-- an amount: how many cards this resolution bound under `name` (times `times`, default 1)
function vg.count_bound(name, times) return {bound = name, times = times} end

-- Steps ---------------------------------------------------------------------------------

local function step(op)
  return function(spec)
    spec = copy(spec)
    spec.op = op
    if line_of and spec._line == nil then spec._line = line_of(3) end
    return spec
  end
end

local function target_step(op)
  return function(target, extra)
    local s = copy(extra)
    s.op = op
    s.target = target
    if line_of then s._line = line_of(3) end
    return s
  end
end

local function count_step(op)
  return function(n, extra)
    local s = copy(extra)
    s.op = op
    s.count = n or 1
    if line_of then s._line = line_of(3) end
    return s
  end
end

-- choose {"name", from = selector, count = n, up_to = bool, optional = bool, chooser = ...}
function vg.choose(spec)
  local s = copy(spec)
  s.op = "choose"
  if s.as == nil then s.as = s[1] end
  s[1] = nil
  if line_of then s._line = line_of(3) end
  return s
end

vg.retire = target_step("retire")
vg.stand = target_step("stand")
vg.rest = target_step("rest")
vg.reveal = target_step("reveal")
vg.bind = target_step("bind")
vg.put_into_soul = target_step("put_into_soul")
vg.ride = target_step("ride")
vg.draw = count_step("draw")
vg.soul_charge = count_step("soul_charge")
vg.soul_blast = count_step("soul_blast")
vg.counter_charge = count_step("counter_charge")
vg.counter_blast = count_step("counter_blast")
vg.discard = count_step("discard")
vg.heal = count_step("heal")

function vg.call(target, extra) return target_step("call")(target, extra) end
-- create `n` (an amount, default 1) tokens of card `id` on the field, e.g.
-- vg.call_token("D-BT01-T01", 3, {up_to = true})
function vg.call_token(id, n, extra)
  local s = copy(extra)
  s.op, s.card, s.count = "call_token", id, n or 1
  if line_of then s._line = line_of(3) end
  return s
end
function vg.move(target, to, extra)
  local s = copy(extra)
  s.op, s.target, s.to = "move", target, to or "other_row"
  return s
end
function vg.put(target, to, extra)
  local s = copy(extra)
  s.op, s.target, s.to = "put", target, to
  return s
end
vg.search = step("search")
vg.look = step("look")
function vg.shuffle(player) return {op = "shuffle", player = player or "you"} end
-- put the named deck cards (default "looked") back on top (or "deck_bottom") in an order you choose
function vg.arrange(target, to)
  return {op = "arrange", target = target or "looked", to = to or "deck_top"}
end

local function modifier(stat)
  return function(target, amount, duration)
    return {op = "modify", stat = stat, target = target, amount = amount,
            ["until"] = duration or "turn"}
  end
end
vg.power = modifier("power")
vg.critical = modifier("critical")
vg.shield = modifier("shield")
vg.drive = modifier("drive")
vg.grade = modifier("grade")

function vg.grant(target, what, duration)
  return {op = "grant", target = target, what = what, ["until"] = duration or "turn"}
end
function vg.lose(target, what, duration)
  return {op = "lose", target = target, what = what, ["until"] = duration or "turn"}
end

-- give units an ability (vg.auto/vg.act/vg.cont) for a duration
function vg.grant_ability(target, ability, duration)
  return {op = "grant_ability", target = target, ability = ability, ["until"] = duration or "turn"}
end

-- Continuous effects for vg.cont { effects = { ... } } (no duration: they last while valid)
vg.continuous = {}
function vg.continuous.power(target, amount)
  return {op = "modify", stat = "power", amount = amount, target = target}
end
function vg.continuous.critical(target, amount)
  return {op = "modify", stat = "critical", amount = amount, target = target}
end
function vg.continuous.shield(target, amount)
  return {op = "modify", stat = "shield", amount = amount, target = target}
end
function vg.continuous.grant(target, what) return {op = "grant", target = target, what = what} end
function vg.continuous.lose(target, what) return {op = "lose", target = target, what = what} end
-- the player ("you" default, or "opponent") is in the named state while the CONT applies
-- (and, with `condition`, while that holds too); conditions read it with vg.cond.in_state
function vg.continuous.state(name, player, condition)
  return {op = "state", state = name, player = player, condition = condition}
end

function vg.when_true(cond, then_steps, else_steps)
  return {op = "if", cond = cond, ["then"] = then_steps, ["else"] = else_steps}
end
vg["if"] = vg.when_true
function vg.may(then_steps, prompt)
  return {op = "may", ["then"] = then_steps, prompt = prompt}
end
function vg.choose_one(options) return {op = "choose_one", options = options} end
function vg.for_each(target, name, steps)
  return {op = "for_each", target = target, as = name, steps = steps}
end
-- run the steps a function returns: function(ctx) return { vg.draw(1), ... } end
function vg.steps_from(fn) return {op = "steps_from", fn = fn} end

-- a player enters a named state until end of turn ("turn"), of the battle ("battle") or for the
-- game ("forever")
function vg.enter_state(name, player, duration)
  return {op = "enter_state", state = name, player = player or "you", ["until"] = duration or "turn"}
end

-- a player (default you) gets a CONT ability of their own until end of turn ("turn"), of the
-- battle ("battle") or for the game ("forever")
function vg.give_player(ability, duration, player)
  return {op = "give_player", ability = ability, ["until"] = duration or "turn",
          player = player or "you"}
end

function vg.win(player) return {op = "win", player = player or "you"} end
function vg.lose_game(player) return {op = "lose_game", player = player or "you"} end

-- Every constructor notes the script line it was called from on the table it builds (lists
-- excepted: a key would turn them into maps), so validation errors can name the line.
local function with_line(fn)
  return function(...)
    local result = fn(...)
    if line_of and type(result) == "table" and result._line == nil and result[1] == nil
        and next(result) ~= nil then
      result._line = line_of()
    end
    return result
  end
end

local function tag_all(tbl)
  for name, value in pairs(tbl) do
    if type(value) == "function" then
      tbl[name] = with_line(value)
    elseif type(value) == "table" and name ~= "_line" then
      tag_all(value)
    end
  end
end
tag_all(vg)

return vg
