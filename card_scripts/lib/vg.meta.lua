---@meta _
-- LuaLS type annotations for vgcore card scripts: the `vg` API and the sandbox's library.
--
-- This file only describes things for editors (completion, hover, type checks); vgcore never
-- loads it. The real constructors are in vgcore/scripting/vg.lua, the schema they must satisfy
-- in vgcore/scripting/declarations.py, vgcore/steps.py and vgcore/costs.py, and the sandbox in
-- vgcore/scripting/prelude.lua. docs/lua-api.md explains every piece in prose. Keep the three
-- in step: a new helper in vg.lua or a new key in a schema needs a line here too.
--
-- Plugins that add step kinds, events or validity keys (e.g. `generation_break`) can describe
-- them in their own `---@meta` file by re-opening a class, e.g. `---@class vg.AutoSpec` plus
-- `---@field generation_break? integer`.

-------------------------------------------------------------------------------------------
-- Words

---Who a selector looks at, from the ability's controller's point of view.
---@alias vg.Owner
---| "you"       # the ability's controller (the default)
---| "opponent"  # the controller's opponent
---| "any"       # every seat

---A player relative to the ability's controller.
---@alias vg.Player
---| "you"
---| "opponent"

---A stat that `modify` changes.
---@alias vg.Stat
---| "power"
---| "critical"
---| "shield"
---| "drive"     # number of drive checks
---| "grade"

---How long a `modify`, `grant` or `lose` step lasts (default "turn").
---@alias vg.DurationWord
---| "battle"    # until the end of the current battle (and at the latest the end of the turn)
---| "turn"      # until the end of the turn
---| "forever"   # until the unit leaves the field

---@alias vg.Duration vg.DurationWord|vg.While

---A circle of one player's standard field (plugins add more, e.g. accel circles).
---@alias vg.Circle
---| "VC"
---| "RC.FL"
---| "RC.FR"
---| "RC.BL"
---| "RC.BC"
---| "RC.BR"
---| "GC"

---A zone word for `zones`, selectors and the `zone` filter key.
---@alias vg.ZoneWord
---| "VC"          # the vanguard circle
---| "RC"          # every rear-guard circle
---| "GC"          # the guardian circle
---| "field"       # every circle and GC (the default zone of a selector)
---| "units"       # every circle, without GC
---| "hand"
---| "deck"
---| "drop"
---| "soul"
---| "damage"
---| "bind"
---| "trigger"     # the trigger zone (a card being checked)
---| "removed"
---| "ride_deck"
---| "order_zone"
---| "crest_zone"
---| "RC.FL"
---| "RC.FR"
---| "RC.BL"
---| "RC.BC"
---| "RC.BR"
---| string        # a plugin's circle or zone

---@alias vg.Zones vg.ZoneWord|vg.ZoneWord[]

---@alias vg.Phase
---| "setup"
---| "stand"
---| "draw"
---| "ride"
---| "main"
---| "battle"
---| "end"

---@alias vg.Row "front"|"back"

---@alias vg.Face "up"|"down"

---@alias vg.TriggerType "critical"|"draw"|"heal"|"front"|"stand"|"over"

---@alias vg.CardKind "normal_unit"|"trigger_unit"|"sentinel"|string

---Where `put` sends cards. soul and damage are the ability's controller's; the other zones
---belong to the card's owner. Only `deck_top` puts a card on top; everything else goes to the
---bottom / end of the zone.
---@alias vg.PutZone
---| "hand"
---| "drop"
---| "soul"
---| "damage"
---| "bind"
---| "removed"
---| "order_zone"
---| "crest_zone"
---| "deck_top"
---| "deck_bottom"

---Where `call` may place a unit: a word or circle names (only open circles with `open_only`).
---@alias vg.CallCircle
---| "RC"      # any rear-guard circle (the default)
---| "front"   # front-row rear-guard circles
---| "back"    # back-row rear-guard circles
---| "RC.FL"
---| "RC.FR"
---| "RC.BL"
---| "RC.BC"
---| "RC.BR"
---| string

---What `grant` gives and `lose` takes away. The core reads the names below; any other name
---is stored and can be tested by plugins.
---@alias vg.Grantable
---| "cannot_attack"          # the unit cannot attack
---| "cannot_be_hit"          # attacks against the unit do not hit
---| "cannot_intercept"       # the unit cannot intercept
---| "cannot_guard_grade0"    # on a vanguard: its player cannot call grade 0 guardians
---| "skill:boost"            # the unit has (grant) or lacks (lose) the boost skill
---| "skill:intercept"
---| "skill:twin_drive"
---| "skill:triple_drive"
---| "no_abilities"           # the unit has no abilities (printed or given)
---| "drive_checks"           # the unit's attacks get drive checks even off VC (its drive value)
---| "column_attack"          # the unit's attack battles every unit of one opponent's column
---| string

---The event kinds of the core that a trigger (`when.event`) may name.
---@alias vg.EventKind
---| "first_vanguard"
---| "first_player"
---| "mulligan"
---| "stand_up"
---| "turn_start"
---| "phase"
---| "end_phase"
---| "turn_end"
---| "game_over"
---| "draw"
---| "shuffle"
---| "ride"
---| "call"
---| "move"
---| "discard"
---| "retire"
---| "put"
---| "to_hand"
---| "damage"
---| "heal"
---| "removed"
---| "soul_charge"
---| "soul_blast"
---| "counter_blast"
---| "counter_charge"
---| "reveal"
---| "look"
---| "stand"
---| "rest"
---| "arrange"
---| "battle_start"
---| "attack"
---| "boost"
---| "guard"
---| "intercept"
---| "drive_check"
---| "damage_check"
---| "hit"
---| "no_hit"
---| "battle_end"
---| "battle_phase_end"
---| "over_trigger"
---| "trigger_fizzled"
---| "power"
---| "critical"
---| "shield"
---| "drive"
---| "grade"
---| "grant"
---| "lose"
---| "grant_ability"
---| "ability"
---| "ability_resolved"
---| "ability_fizzled"
---| "ability_declined"
---| "chose"
---| "script_error"

-------------------------------------------------------------------------------------------
-- Filters, selectors, references

---Card filter: every key given must hold. Used by selectors, trigger roles, `search`,
---`vg.cond.vanguard_is` and the `filter` of discard/blast steps and costs.
---@class (exact) vg.Filter
---@field owner? vg.Owner  side of the table the card is on now (selectors default to "you")
---@field card_owner? vg.Owner  who owns the card, wherever it lies
---@field zone? vg.Zones  where the card is now (selectors default to "field")
---@field name? string|string[]  exact card name(s)
---@field name_has? string  text the card name contains
---@field grade? integer|integer[]  current grade on the field, printed grade elsewhere
---@field grade_min? vg.Amount  grade at least this (e.g. vg.amount.stat("grade", "vanguard"))
---@field grade_max? vg.Amount  grade at most this
---@field clan? string|string[]
---@field nation? string|string[]
---@field race? string|string[]
---@field trigger? boolean|vg.TriggerType|vg.TriggerType[]  true = any trigger unit
---@field kind? vg.CardKind|vg.CardKind[]
---@field order_type? string|string[]  an order's type: normal, blitz, set (any set order: Prisons and Worlds too), prison, world, …
---@field unit? boolean  a unit card (not an order)
---@field sentinel? boolean
---@field persona_ride? boolean
---@field face? vg.Face
---@field rested? boolean
---@field row? vg.Row
---@field circle? vg.Circle|vg.Circle[]|string|string[]  the exact circle(s) the card is on
---@field self? boolean  true: only the ability's own card; false: never it
---@field not_self? boolean  true: anything but the ability's own card
---@field ["in"]? string  the card is in this binding
---@field not_in? string  the card is not in this binding
---@field power_min? vg.Amount  current power at least this
---@field power_max? vg.Amount  current power at most this
---@field attacked? boolean  the card is attacked in the current battle (a column battle: each unit)
---@field where? fun(ctx: vg.Ctx, card: vg.CtxCard): boolean?  custom test of the candidate `card`
---@field ["not"]? vg.Filter  the card does not match this filter
---@field same_column? vg.Ref  on a circle in the column of a card the reference names (columns face each other across the table)
---@field same_name? vg.Ref  shares a name with a card the reference names
---@field beneath? vg.Ref  (plugin overdress) an originalDress card beneath a unit the reference names

---A selector names every card that matches it (a filter read with the selector defaults:
---zone "field", owner "you").
---@alias vg.Selector vg.Filter

---A card role in a trigger: the ability's own card, a filter, or a custom test.
---@alias vg.CardRole "self"|vg.Filter|fun(ctx: vg.Ctx, card: vg.CtxCard): boolean?

---How a step names cards: "self", "vanguard", "opponent_vanguard", "event.<role>", a binding
---name, a selector table, or a list of these (their union, without repeats).
---@alias vg.Ref
---| "self"
---| "vanguard"
---| "opponent_vanguard"
---| "event.subject"
---| "event.previous"
---| "event.boosted"
---| "event.attacker"
---| "event.target"
---| "event.by"
---| string
---| vg.Selector
---| (string|vg.Selector)[]

-------------------------------------------------------------------------------------------
-- Conditions, amounts, durations

---A declarative condition: every key given must hold (`min`, `max` and `player` only modify
---other keys).
---@class (exact) vg.CondTable
---@field all? vg.Condition[]  every condition holds
---@field any? vg.Condition[]  at least one holds
---@field ["not"]? vg.Condition  the condition does not hold
---@field count? vg.Selector  count the cards the selector names ...
---@field min? integer  ... at least this many (default 1)
---@field max? integer  ... at most this many
---@field damage_min? integer  `player`'s damage zone holds at least this many cards
---@field player? vg.Player  whose damage / vanguard `damage_min` and `vanguard` look at
---@field turn? "yours"|"opponents"
---@field phase? vg.Phase|vg.Phase[]
---@field in_battle? boolean  a battle is in progress
---@field went_first? boolean  that player (default you) was the first player
---@field attacking? boolean  this card is the attacking unit
---@field boosted? boolean  this card is attacking and was boosted
---@field boosting? boolean  this card is the booster of the battle going on
---@field vanguard? vg.CardRole  `player`'s vanguard matches
---@field limit_break? integer  your damage is at least this
---@field this_turn? vg.Trigger  events of this turn matching the trigger table: at least `min` (default 1), at most `max`
---@field compare? vg.Compare  two amounts compare so

---@alias vg.Condition vg.CondTable|fun(ctx: vg.Ctx): boolean?

---A number counted from the game: exactly one of `count`, `stat`, `own`, `open_circles`,
---then `// per * times`.
---@class (exact) vg.CountAmount
---@field count? vg.Selector  the number of cards the selector names
---@field stat? vg.Stat  the current stat of the card(s) `of` names (added up)
---@field of? vg.Ref  with `stat`: whose (default "self")
---@field own? vg.Stat  in modify: the stat of each unit being changed
---@field open_circles? vg.Zones  the number of `player`'s circles among these with no unit
---@field player? vg.Player  with `open_circles`: whose (default "you")
---@field per? integer  divide by this, rounding down ("for every N"); default 1
---@field times? integer  default 1

---A number: how many cards this resolution bound under `bound` (e.g. an X cost paid) x `times`.
---@class (exact) vg.BoundAmount
---@field bound string
---@field per? integer  divide by this, rounding down; default 1
---@field times? integer  default 1

---Two amounts compared (`vg.cond.compare`).
---@class (exact) vg.Compare
---@field left vg.Amount
---@field op "<"|"<="|"=="|"~="|">="|">"
---@field right vg.Amount

---A number: a whole number, a count, or a function (a non-number result counts as 0).
---@alias vg.Amount integer|vg.CountAmount|vg.BoundAmount|fun(ctx: vg.Ctx): number

---A duration that lasts while a condition holds (judged from the ability's card).
---@class (exact) vg.While
---@field ["while"] vg.Condition

-------------------------------------------------------------------------------------------
-- Triggers

---The field requirements of a trigger. Card roles (`subject`, `by`, `previous`, `boosted`,
---`attacker`, `target`) match the card in that role; `player` matches the event's seat; `from`
---reads the event's old zone as zone words; any other key must equal the event field of the
---same name (a list: any of its values).
---@class vg.TriggerFields
---@field subject? vg.CardRole  the event's main card (field `uid`)
---@field by? vg.CardRole  the unit whose drive/damage check it is (`by_uid`)
---@field previous? vg.CardRole  the vanguard that was ridden upon (`previous_uid`)
---@field boosted? vg.CardRole  the unit that was boosted (`boosted_uid`)
---@field attacker? vg.CardRole  the attacking unit (`attacker_uid`)
---@field target? vg.CardRole  the attacked unit (`target_uid`)
---@field player? vg.Player  whose event it is (the event's `seat`)
---@field from? vg.Zones  where the card came from, in zone words ("RC" = any rear-guard circle)
---@field [string] any

---When an AUTO ability triggers: the event kind(s) and what the event's fields must be.
---@class vg.Trigger: vg.TriggerFields
---@field event vg.EventKind|vg.EventKind[]

-------------------------------------------------------------------------------------------
-- Declarations

---@class (exact) vg.AutoSpec
---@field when vg.Trigger  what makes the ability pending
---@field zones? vg.Zones  where the card must be for the ability to work (default {"VC","RC"})
---@field limit_break? integer  valid only while your damage is at least this
---@field once_per_turn? boolean  usable once per turn (counted when it starts resolving)
---@field filter? vg.Condition  must hold when the event happens, or nothing becomes pending
---@field condition? vg.Condition  checked when it resolves; if false the ability does nothing
---@field cost? vg.Cost  the player may pay it (pay / decline); unpaid = no effect
---@field may? boolean  with no cost: ask yes / no before the effect
---@field effect vg.Step[]
---@field first? boolean  resolves before its controller's other abilities from the same event
---@field text? string  the ability in words, for people and tools
---@field name? string  a short label, for people and tools

---@class (exact) vg.ActSpec
---@field zones? vg.Zones  where the card must be (default {"VC","RC"})
---@field limit_break? integer
---@field once_per_turn? boolean
---@field condition? vg.Condition  checked when the ability is offered and when it resolves
---@field cost? vg.Cost  must be payable for the ability to be offered; always paid
---@field effect vg.Step[]
---@field text? string
---@field name? string

---@class (exact) vg.ContSpec
---@field zones? vg.Zones  where the card must be (default {"VC","RC"})
---@field limit_break? integer
---@field condition? vg.Condition
---@field effects vg.ContEffect[]
---@field text? string
---@field name? string

---One continuous effect: `modify` needs `target`, `stat` and `amount`; `grant` / `lose` need
---`target` and `what`; `state` needs `state` (the player is in that named state).
---@class (exact) vg.ContEffect
---@field op "modify"|"grant"|"lose"|"state"
---@field target? vg.Ref  "self", "vanguard", "opponent_vanguard" or a selector
---@field state? string  for `state`: the state's name
---@field player? vg.Player  for `state`: whose state (default "you")
---@field condition? vg.Condition  this effect applies only while this holds too
---@field stat? vg.Stat
---@field amount? vg.Amount
---@field what? vg.Grantable
---@field condition? vg.Condition  this effect applies only while it holds too

---@class vg.Auto: vg.AutoSpec
---@field kind "auto"

---@class vg.Act: vg.ActSpec
---@field kind "act"

---@class vg.Cont: vg.ContSpec
---@field kind "cont"

---@alias vg.Ability vg.Auto|vg.Act|vg.Cont

---What a card script returns.
---@class vg.Card
---@field abilities vg.Ability[]

-------------------------------------------------------------------------------------------
-- Steps

---Options of the steps that act on cards: act on `target`, or let a player choose `count`
---cards `from` a selector (as many as possible up to `count`; 0..count with `up_to`).
---@class (exact) vg.TargetOptions
---@field from? vg.Selector  choose the cards from these instead of using `target`
---@field count? integer  how many to choose (default 1)
---@field up_to? boolean  the player may choose fewer, even none
---@field optional? boolean  same as `up_to`
---@field chooser? vg.Player  who chooses (default "you")
---@field as? string  bind the cards acted on under this name

---@class (exact) vg.BindOptions: vg.TargetOptions
---@field face_down? boolean

---@class (exact) vg.PutOptions: vg.TargetOptions
---@field face_down? boolean

---@class (exact) vg.CallOptions
---@field to? vg.CallCircle|vg.CallCircle[]  circles to choose from (default "RC")
---@field rested? boolean  the unit is placed rested
---@field open_only? boolean  only circles with no unit

---@class (exact) vg.TokenOptions
---@field up_to? boolean  the player may call fewer, even none
---@field to? vg.CallCircle|vg.CallCircle[]  circles to choose from (default "RC")
---@field rested? boolean  the tokens are placed rested
---@field open_only? boolean  only circles with no unit
---@field as? string  bind the new tokens under this name

---@class (exact) vg.PlayerOptions
---@field player? vg.Player  whose deck / soul (default "you")

---@class (exact) vg.PileOptions
---@field up_to? boolean  the player may take fewer, even none
---@field filter? vg.Filter  only cards that match
---@field as? string  bind the cards moved under this name

---@class (exact) vg.ChooseSpec
---@field [1]? string  the binding name (same as `as`)
---@field as? string
---@field from vg.Selector
---@field count? vg.Amount  default 1 (e.g. vg.count_bound("paid"): one per card paid)
---@field up_to? boolean
---@field optional? boolean  same as `up_to`
---@field chooser? vg.Player

---@class (exact) vg.SearchSpec
---@field filter? vg.Filter  which deck cards may be taken (a table, not a function)
---@field count? integer  default 1
---@field up_to? boolean  default true; false = as many as possible up to `count`
---@field reveal? boolean  default true
---@field to? vg.PutZone|"call"  default "hand"; "call" leaves them in the deck for a `vg.call`
---@field as? string
---@field shuffle? boolean  default true

---@class (exact) vg.LookSpec
---@field count? vg.Amount  default 1
---@field as? string  default "looked"

---@class (exact) vg.ChooseOneOption
---@field text? string  the label shown in the prompt
---@field steps vg.Step[]

---@class vg.ChooseStep
---@field op "choose"
---@field as string
---@field from vg.Selector
---@field count? integer
---@field up_to? boolean
---@field optional? boolean
---@field chooser? vg.Player

---@class vg.TargetStep: vg.TargetOptions
---@field op "retire"|"stand"|"rest"|"reveal"|"bind"|"put"|"put_into_soul"|"move"
---@field target? vg.Ref
---@field to? string
---@field face_down? boolean
---@field into? vg.Player  whose zone (bind/put/put_into_soul), when not the card's owner's

---@class vg.ModifyStep: vg.TargetOptions
---@field op "modify"
---@field target? vg.Ref
---@field stat vg.Stat
---@field amount vg.Amount
---@field until? vg.Duration

---@class vg.GrantStep: vg.TargetOptions
---@field op "grant"|"lose"
---@field target? vg.Ref
---@field what vg.Grantable
---@field until? vg.Duration

---@class vg.GrantAbilityStep: vg.TargetOptions
---@field op "grant_ability"
---@field target? vg.Ref
---@field ability vg.Ability
---@field until? vg.Duration

---@class vg.CallStep: vg.CallOptions
---@field op "call"
---@field target? vg.Ref

---@class vg.CallTokenStep: vg.TokenOptions
---@field op "call_token"
---@field card string  the token's card id (a card of kind "token")
---@field count? vg.Amount  how many (default 1)

---@class vg.RideStep
---@field op "ride"
---@field target? vg.Ref

---@class vg.CountStep
---@field op "draw"|"soul_charge"
---@field count? vg.Amount
---@field player? vg.Player

---@class vg.PileStep
---@field op "soul_blast"|"counter_blast"|"counter_charge"|"discard"|"heal"
---@field count? integer
---@field up_to? boolean
---@field filter? vg.Filter
---@field or_more? boolean  at least `count`, as many more as the player wants
---@field as? string  bind the cards moved under this name

---@class vg.SearchStep: vg.SearchSpec
---@field op "search"

---@class vg.LookStep: vg.LookSpec
---@field op "look"

---@class vg.ShuffleStep
---@field op "shuffle"
---@field player? vg.Player

---@class vg.ArrangeStep
---@field op "arrange"
---@field target? vg.Ref  default "looked"; only the named cards that are in your deck
---@field to? "deck_top"|"deck_bottom"  default "deck_top"

---@class vg.IfStep
---@field op "if"
---@field cond vg.Condition
---@field ["then"] vg.Step[]
---@field ["else"]? vg.Step[]

---@class vg.MayStep
---@field op "may"
---@field ["then"] vg.Step[]
---@field ["else"]? vg.Step[]
---@field prompt? string

---@class vg.ChooseOneStep
---@field op "choose_one"
---@field options vg.ChooseOneOption[]
---@field chooser? vg.Player

---@class vg.ForEachStep
---@field op "for_each"
---@field target vg.Ref
---@field as string
---@field steps vg.Step[]

---@class vg.EndGameStep
---@field op "win"|"lose_game"
---@field player? vg.Player

---One step of an effect (plugins add kinds: any table with an `op` of a known kind).
---@alias vg.Step
---| vg.ChooseStep
---| vg.TargetStep
---| vg.ModifyStep
---| vg.GrantStep
---| vg.GrantAbilityStep
---| vg.CallStep
---| vg.CallTokenStep
---| vg.RideStep
---| vg.CountStep
---| vg.PileStep
---| vg.SearchStep
---| vg.LookStep
---| vg.ShuffleStep
---| vg.ArrangeStep
---| vg.IfStep
---| vg.MayStep
---| vg.ChooseOneStep
---| vg.ForEachStep
---| vg.EndGameStep

-------------------------------------------------------------------------------------------
-- Costs

---counter_blast, soul_blast, counter_charge, discard: the player picks `count` of their own cards.
---@class vg.PileCost
---@field op "counter_blast"|"soul_blast"|"counter_charge"|"discard"
---@field count? integer  default 1
---@field filter? vg.Filter  (discard and the others) only cards that match
---@field up_to? boolean
---@field or_more? boolean  at least `count`, as many more as the payer wants (an X cost)
---@field as? string  bind the cards paid (read them with vg.count_bound)

---soul_charge: the top `count` cards of your deck go into your soul.
---@class vg.SoulChargeCost
---@field op "soul_charge"
---@field count? integer  default 1
---@field player? vg.Player

---retire, rest, put_into_soul, reveal: act on `target` (default "self") or on `count` cards
---the player chooses `from` a selector.
---@class vg.TargetCost: vg.TargetOptions
---@field op "retire"|"rest"|"put_into_soul"|"reveal"
---@field target? vg.Ref

---@alias vg.CostPart vg.PileCost|vg.SoulChargeCost|vg.TargetCost

---A cost: a list of parts paid in order (combine helpers with `vg.cost.all`).
---@alias vg.Cost vg.CostPart[]

-------------------------------------------------------------------------------------------
-- What Lua functions receive: the `ctx` snapshot (read-only plain tables, shared by the calls
-- made at one moment of the game; `next` and `rawlen` see them as empty) and, for filters, the
-- record of the card being tested

---@class vg.CtxPlayer
---@field damage integer  cards in the damage zone
---@field team_damage integer  the team's damage in a tag fight (in a duel, the same as damage)
---@field face_up_damage integer  face-up cards among them
---@field hand integer  cards in hand
---@field deck integer  cards in the deck
---@field soul integer  cards in the soul
---@field drop integer  cards in the drop
---@field vanguard integer?  handle of the vanguard
---@field units integer[]  handles of the vanguard and rear-guards, circle by circle
---@field rear_guards integer[]  handles of the rear-guards
---@field flags table<string, any>  every flag a rule or plugin keeps for the player, read-only (e.g. `states`, `originaldress` keyed by handles, `orders_played`)

---@class vg.CtxCard
---@field handle integer  the card's handle (same as its key in `ctx.cards`)
---@field id string  card id
---@field name string  printed name
---@field names string[]  every name it has now (a plugin may add some on the field, e.g. a G unit has its heart's)
---@field grade integer?  current on the field, printed elsewhere
---@field power integer?  current on the field (battle bonuses included), printed elsewhere
---@field critical integer?
---@field shield integer?
---@field skill string?  printed skill icon
---@field trigger string?  trigger type, nil for a non-trigger card
---@field clan string?
---@field nation string?
---@field race string?
---@field kind string
---@field seat string  seat of the zone the card is in
---@field zone string  "VC", "RC.FL", ..., "GC", "hand", "drop", "soul", ...
---@field face_up boolean
---@field rested boolean
---@field owner string  seat of the card's owner

---@class vg.CtxBattle
---@field attacker integer
---@field target integer
---@field booster integer?
---@field targets integer[]  every attacked unit: the target alone, or a column's units
---@field hit boolean?  nil until the hit is judged

---The triggering event's plain fields (lists and tables are left out).
---@class vg.CtxEvent
---@field kind string
---@field n integer  place in the game log
---@field seat string?
---@field uid integer?  handle of the event's main card
---@field card string?  its id
---@field circle string?
---@field from string?
---@field to string?
---@field [string] any

---@class vg.Ctx
---@field me string  seat of the ability's controller ("A", "B", ...)
---@field opponent string  seat of the controller's opponent
---@field self integer  handle of the ability's card
---@field turn integer
---@field turn_player string
---@field phase vg.Phase|string
---@field my_turn boolean
---@field event vg.CtxEvent?  the triggering event (AUTO abilities only)
---@field bound table<string, integer[]>  what the effect has bound so far
---@field players table<string, vg.CtxPlayer>  by seat
---@field cards table<integer, vg.CtxCard>  by handle (units, GC, soul, drop, your hand, ...)
---@field battle vg.CtxBattle?  nil outside a battle

-------------------------------------------------------------------------------------------
-- The `vg` table (read-only in scripts)

vg = {}

---Declare a card's abilities; a script must end with `return vg.card { ... }`.
---@param abilities vg.Ability[]
---@return vg.Card
function vg.card(abilities) end

---Declare an AUTO ability.
---@param spec vg.AutoSpec
---@return vg.Auto
function vg.auto(spec) end

---Declare an ACT ability.
---@param spec vg.ActSpec
---@return vg.Act
function vg.act(spec) end

---Declare a CONT ability.
---@param spec vg.ContSpec
---@return vg.Cont
function vg.cont(spec) end

-- Triggers --------------------------------------------------------------------------------

vg.when = {}

---This card is ridden or called (to VC or RC, normally or by an effect), or put on a circle by
---a rule (event `place`, e.g. a legion mate).
---@type vg.Trigger
vg.when.placed_self = {event = {"ride", "call", "place"}, subject = "self"}
---This card is placed on VC: ridden, or put there by a rule (a legion mate).
---@type vg.Trigger
vg.when.placed_on_vc = {event = {"ride", "place"}, subject = {self = true, zone = "VC"}}
---This card is placed on RC: called, or put there by a rule.
---@type vg.Trigger
vg.when.placed_on_rc = {event = {"call", "place"}, subject = {self = true, zone = "RC"}}
---This card is put on GC (guarding from hand or intercepting).
---@type vg.Trigger
vg.when.placed_on_gc = {event = {"guard", "intercept"}, subject = "self"}
---This unit attacks.
---@type vg.Trigger
vg.when.attacks = {event = "attack", subject = "self"}
---This unit boosts.
---@type vg.Trigger
vg.when.boosts = {event = "boost", subject = "self"}
---This unit is boosted.
---@type vg.Trigger
vg.when.boosted = {event = "boost", boosted = "self"}
---This unit's attack hits.
---@type vg.Trigger
vg.when.attack_hits = {event = "hit", attacker = "self"}
---The attack this unit boosted hits.
---@type vg.Trigger
vg.when.boosted_attack_hits = {event = "hit", booster = "self"}
---Another card rides upon this vanguard.
---@type vg.Trigger
vg.when.ridden_upon = {event = "ride", previous = "self"}
---Your battle phase begins.
---@type vg.Trigger
vg.when.battle_phase_start = {event = "battle_start", player = "you"}
---Your ride phase begins.
---@type vg.Trigger
vg.when.ride_phase_start = {event = "phase", phase = "ride", player = "you"}
---Your main phase begins.
---@type vg.Trigger
vg.when.main_phase_start = {event = "phase", phase = "main", player = "you"}
---A battle ends (either player's).
---@type vg.Trigger
vg.when.end_of_battle = {event = "battle_end"}
---The battle this unit attacked ends.
---@type vg.Trigger
vg.when.end_of_battle_attacked = {event = "battle_end", attacker = "self"}
---The battle this unit boosted ends.
---@type vg.Trigger
vg.when.end_of_battle_boosted = {event = "battle_end", booster = "self"}
---Your end phase begins.
---@type vg.Trigger
vg.when.end_of_turn = {event = "end_phase", player = "you"}
---This card is retired.
---@type vg.Trigger
vg.when.retired = {event = "retire", subject = "self"}

---A card matching `filter` rides upon this vanguard.
---@param filter vg.Filter
---@return vg.Trigger
function vg.when.ridden_upon_by(filter) end

---This unit boosts a unit matching `filter`.
---@param filter vg.Filter
---@return vg.Trigger
function vg.when.boosts_unit(filter) end

---A drive check of this unit reveals a card matching `filter`.
---@param filter vg.Filter
---@return vg.Trigger
function vg.when.drive_check(filter) end

---A card matching `filter` is retired, guardians leaving GC included (the filter sees the card
---where it is now: the drop).
---@param filter vg.Filter
---@return vg.Trigger
function vg.when.unit_retired(filter) end

---A rear-guard matching `filter` is retired (`from = "RC"`: not a guardian leaving GC).
---@param filter vg.Filter
---@return vg.Trigger
function vg.when.rear_guard_retired(filter) end

---Any trigger: event kind(s) plus field requirements.
---@param name vg.EventKind|vg.EventKind[]
---@param fields? vg.TriggerFields
---@return vg.Trigger
function vg.when.event(name, fields) end

-- Selectors -------------------------------------------------------------------------------

---Your units and guardians (zone "field": every circle and GC), narrowed by `filter`.
---@param filter? vg.Filter
---@return vg.Selector
function vg.units(filter) end

---Your rear-guards (zone "RC").
---@param filter? vg.Filter
---@return vg.Selector
function vg.rear_guards(filter) end

---Your vanguard (zone "VC").
---@param filter? vg.Filter
---@return vg.Selector
function vg.vanguards(filter) end

---Your guardians (zone "GC").
---@param filter? vg.Filter
---@return vg.Selector
function vg.guardians(filter) end

---Cards in your hand.
---@param filter? vg.Filter
---@return vg.Selector
function vg.hand(filter) end

---Cards in your drop.
---@param filter? vg.Filter
---@return vg.Selector
function vg.drop(filter) end

---Cards in your soul.
---@param filter? vg.Filter
---@return vg.Selector
function vg.soul(filter) end

---Cards in your damage zone.
---@param filter? vg.Filter
---@return vg.Selector
function vg.damage(filter) end

---Cards in your deck.
---@param filter? vg.Filter
---@return vg.Selector
function vg.deck(filter) end

---Cards in your bind zone (`vg.bind` is the step that binds cards).
---@param filter? vg.Filter
---@return vg.Selector
function vg.bind_zone(filter) end

---Cards in any zone (a zone word or a list of them).
---@param zone vg.Zones
---@param filter? vg.Filter
---@return vg.Selector
function vg.cards_in(zone, filter) end

-- Conditions ------------------------------------------------------------------------------

vg.cond = {}

---Every condition holds.
---@param ... vg.Condition
---@return vg.CondTable
function vg.cond.all(...) end

---At least one condition holds.
---@param ... vg.Condition
---@return vg.CondTable
function vg.cond.any(...) end

---The condition does not hold.
---@param c vg.Condition
---@return vg.CondTable
function vg.cond.negate(c) end

---The selector names at least `min` (default 1) and at most `max` cards.
---@param selector vg.Selector
---@param min? integer
---@param max? integer
---@return vg.CondTable
function vg.cond.count(selector, min, max) end

---You have at least `n` damage.
---@param n integer
---@return vg.CondTable
function vg.cond.damage_at_least(n) end

---Your vanguard matches `filter`.
---@param filter vg.Filter
---@return vg.CondTable
function vg.cond.vanguard_is(filter) end

---It is your turn.
---@type vg.CondTable
vg.cond.your_turn = {turn = "yours"}
---It is your opponent's turn.
---@type vg.CondTable
vg.cond.opponents_turn = {turn = "opponents"}
---This card is the attacking unit.
---@type vg.CondTable
vg.cond.attacking = {attacking = true}
---This card is attacking and was boosted.
---@type vg.CondTable
vg.cond.boosted = {boosted = true}
---This card is boosting the attack of the battle going on.
---@type vg.CondTable
vg.cond.boosting = {boosting = true}
---A battle is in progress.
---@type vg.CondTable
vg.cond.in_battle = {in_battle = true}
---You went first (you are the first player).
---@type vg.CondTable
vg.cond.went_first = {went_first = true}
---You went second.
---@type vg.CondTable
vg.cond.went_second = {went_first = false}

---At least `min` (default 1) and at most `max` events logged this turn match the trigger table
---(a "self" role: this card while it stayed the same card).
---@param when vg.Trigger
---@param min? integer
---@param max? integer
---@return vg.CondTable
function vg.cond.this_turn(when, min, max) end

---Two amounts compare: `vg.cond.compare({count = vg.damage()}, ">=", 3)`.
---@param left vg.Amount
---@param op "<"|"<="|"=="|"~="|">="|">"
---@param right vg.Amount
---@return vg.CondTable
function vg.cond.compare(left, op, right) end

-- Amounts ----------------------------------------------------------------------------------

vg.amount = {}

---(number of cards the selector names) // `per` * `times`: "+10000 for every five".
---@param selector vg.Selector
---@param per integer
---@param times? integer  default 1
---@return vg.CountAmount
function vg.amount.per(selector, per, times) end

---The current `stat` of the card(s) `of` names (default "self"), added up.
---@param stat vg.Stat
---@param of? vg.Ref
---@return vg.CountAmount
function vg.amount.stat(stat, of) end

---In a modify step or CONT effect: the current `stat` of each unit being changed (x `times`).
---@param stat vg.Stat
---@param times? integer
---@return vg.CountAmount
function vg.amount.own(stat, times) end

---The number of `player`'s circles among `zone` (default "RC") that hold no unit.
---@param player? vg.Player  default "you"
---@param zone? vg.Zones
---@return vg.CountAmount
function vg.amount.open_circles(player, zone) end

-- Costs -----------------------------------------------------------------------------------

vg.cost = {}

---Turn `n` (default 1) face-up damage cards (matching `filter`) face down; `extra`: the part's
---other keys (`or_more`, `as`).
---@param n? integer
---@param filter? vg.Filter
---@param extra? {or_more?: boolean, as?: string}
---@return vg.Cost
function vg.cost.counter_blast(n, filter, extra) end

---Put `n` (default 1) cards of your soul (matching `filter`, e.g. {grade = 3}) into the drop.
---@param n? integer
---@param filter? vg.Filter
---@param extra? {or_more?: boolean, as?: string}
---@return vg.Cost
function vg.cost.soul_blast(n, filter, extra) end

---Turn `n` (default 1) face-down damage cards (matching `filter`) face up.
---@param n? integer
---@param filter? vg.Filter
---@param extra? {or_more?: boolean, as?: string}
---@return vg.Cost
function vg.cost.counter_charge(n, filter, extra) end

---Put the top `n` (default 1) cards of your deck into your soul.
---@param n? integer
---@return vg.Cost
function vg.cost.soul_charge(n) end

---Discard `n` (default 1) cards from your hand, optionally only cards matching `filter`;
---`extra`: the part's other keys (`or_more`, `as`).
---@param n? integer
---@param filter? vg.Filter
---@param extra? {or_more?: boolean, as?: string}
---@return vg.Cost
function vg.cost.discard(n, filter, extra) end

---Retire `what`: every card the reference names (all of them, not a choice).
---@param what vg.Ref
---@return vg.Cost
function vg.cost.retire(what) end

---Rest `what` (default "self"); every named unit must be standing.
---@param what? vg.Ref
---@return vg.Cost
function vg.cost.rest(what) end

---Put `what` (default "self") into your soul.
---@param what? vg.Ref
---@return vg.Cost
function vg.cost.put_into_soul(what) end

---Reveal `n` (default 1) cards of your hand that match `filter`; the player chooses them.
---@param n? integer
---@param filter? vg.Filter
---@return vg.Cost
function vg.cost.reveal(n, filter) end

---Join cost lists into one, paid in the order given.
---@param ... vg.Cost
---@return vg.Cost
function vg.cost.all(...) end

---"N or more" (an X cost): each part of `cost` is paid with at least its count and as many
---more as the payer wants; the cards paid are bound under `name`.
---@param cost vg.Cost
---@param name string
---@return vg.Cost
function vg.cost.or_more(cost, name) end

---An amount: how many cards this resolution bound under `name`, times `times` (default 1).
---@param name string
---@param times? integer
---@return vg.BoundAmount
function vg.count_bound(name, times) end

vg.continuous = vg.continuous or {}

---A continuous effect: the player ("you" default, or "opponent") is in the named state while
---the CONT applies (and `condition` holds); read it with `{state = name}`.
---@param name string
---@param player? vg.Player
---@param condition? vg.Condition
---@return vg.ContEffect
function vg.continuous.state(name, player, condition) end

-- Steps -----------------------------------------------------------------------------------

---Let a player choose cards and bind them under a name for later steps.
---@param spec vg.ChooseSpec
---@return vg.ChooseStep
function vg.choose(spec) end

---Retire units (to their owner's drop).
---@param target vg.Ref|nil  nil when `extra.from` chooses the cards
---@param extra? vg.TargetOptions
---@return vg.TargetStep
function vg.retire(target, extra) end

---Stand units.
---@param target vg.Ref|nil
---@param extra? vg.TargetOptions
---@return vg.TargetStep
function vg.stand(target, extra) end

---Rest units.
---@param target vg.Ref|nil
---@param extra? vg.TargetOptions
---@return vg.TargetStep
function vg.rest(target, extra) end

---Reveal cards (logs a `reveal` event for each).
---@param target vg.Ref|nil
---@param extra? vg.TargetOptions
---@return vg.TargetStep
function vg.reveal(target, extra) end

---Put cards into your soul.
---@param target vg.Ref|nil
---@param extra? vg.TargetOptions
---@return vg.TargetStep
function vg.put_into_soul(target, extra) end

---Put cards into their owner's bind zone (face up unless `face_down`).
---@param target vg.Ref|nil
---@param extra? vg.BindOptions
---@return vg.TargetStep
function vg.bind(target, extra) end

---Superior ride: the first card `target` names becomes your vanguard.
---@param target? vg.Ref  default "self"
---@return vg.RideStep
function vg.ride(target) end

---Superior call: each card `target` names, in turn, onto a circle you choose.
---@param target vg.Ref|nil  default "self"
---@param extra? vg.CallOptions
---@return vg.CallStep
function vg.call(target, extra) end

---Create tokens on the field: `n` (default 1) cards of token `id`, each onto another circle
---you choose (a unit already there is retired). A token that leaves the field ceases to exist.
---@param id string  e.g. "D-BT01-T01"
---@param n? vg.Amount
---@param extra? vg.TokenOptions
---@return vg.CallTokenStep
function vg.call_token(id, n, extra) end

---Move rear-guards: to the other row of their column (default), or swap with circle `to`.
---@param target vg.Ref
---@param to? "other_row"|vg.Circle
---@return vg.TargetStep
function vg.move(target, to) end

---Put cards into a zone.
---@param target vg.Ref|nil
---@param to vg.PutZone
---@param extra? vg.PutOptions
---@return vg.TargetStep
function vg.put(target, to, extra) end

---Draw `n` (default 1) cards.
---@param n? vg.Amount
---@param extra? vg.PlayerOptions
---@return vg.CountStep
function vg.draw(n, extra) end

---Put the top `n` (default 1) cards of the deck into the soul.
---@param n? vg.Amount
---@param extra? vg.PlayerOptions
---@return vg.CountStep
function vg.soul_charge(n, extra) end

---Choose `n` (default 1) cards of your soul and put them into the drop.
---@param n? integer
---@param extra? vg.PileOptions
---@return vg.PileStep
function vg.soul_blast(n, extra) end

---Choose `n` (default 1) face-up damage cards and turn them face down.
---@param n? integer
---@param extra? vg.PileOptions
---@return vg.PileStep
function vg.counter_blast(n, extra) end

---Choose `n` (default 1) face-down damage cards and turn them face up.
---@param n? integer
---@param extra? vg.PileOptions
---@return vg.PileStep
function vg.counter_charge(n, extra) end

---Choose `n` (default 1) cards from your hand and discard them.
---@param n? integer
---@param extra? vg.PileOptions
---@return vg.PileStep
function vg.discard(n, extra) end

---Choose `n` (default 1) cards of your damage zone and heal them (to the drop, `heal` event).
---@param n? integer
---@param extra? vg.PileOptions
---@return vg.PileStep
function vg.heal(n, extra) end

---Look through your deck for cards, take them, shuffle.
---@param spec vg.SearchSpec
---@return vg.SearchStep
function vg.search(spec) end

---Look at the top cards of your deck; they stay there, bound under `as`.
---@param spec vg.LookSpec
---@return vg.LookStep
function vg.look(spec) end

---Shuffle a deck.
---@param player? vg.Player  default "you"
---@return vg.ShuffleStep
function vg.shuffle(player) end

---Put the named cards of your deck back on its top (or bottom) in the order you choose.
---@param target? vg.Ref  default "looked"
---@param to? "deck_top"|"deck_bottom"  default "deck_top"
---@return vg.ArrangeStep
function vg.arrange(target, to) end

---Change units' power for a duration (default "turn").
---@param target vg.Ref
---@param amount vg.Amount
---@param duration? vg.Duration
---@return vg.ModifyStep
function vg.power(target, amount, duration) end

---Change units' critical for a duration (default "turn").
---@param target vg.Ref
---@param amount vg.Amount
---@param duration? vg.Duration
---@return vg.ModifyStep
function vg.critical(target, amount, duration) end

---Change units' shield for a duration (default "turn").
---@param target vg.Ref
---@param amount vg.Amount
---@param duration? vg.Duration
---@return vg.ModifyStep
function vg.shield(target, amount, duration) end

---Change units' number of drive checks for a duration (default "turn").
---@param target vg.Ref
---@param amount vg.Amount
---@param duration? vg.Duration
---@return vg.ModifyStep
function vg.drive(target, amount, duration) end

---Change units' grade for a duration (default "turn").
---@param target vg.Ref
---@param amount vg.Amount
---@param duration? vg.Duration
---@return vg.ModifyStep
function vg.grade(target, amount, duration) end

---Give units a restriction or skill for a duration (default "turn").
---@param target vg.Ref
---@param what vg.Grantable
---@param duration? vg.Duration
---@return vg.GrantStep
function vg.grant(target, what, duration) end

---Take a restriction or skill away from units for a duration (default "turn").
---@param target vg.Ref
---@param what vg.Grantable
---@param duration? vg.Duration
---@return vg.GrantStep
function vg.lose(target, what, duration) end

---Give units a whole ability (a `vg.auto`, `vg.act` or `vg.cont` declaration) for a duration
---(default "turn"); it ends at the latest when the unit leaves the field.
---@param target vg.Ref
---@param ability vg.Ability
---@param duration? vg.Duration
---@return vg.GrantAbilityStep
function vg.grant_ability(target, ability, duration) end

---Run `then_steps` if the condition holds now, else `else_steps`.
---@param cond vg.Condition
---@param then_steps vg.Step[]
---@param else_steps? vg.Step[]
---@return vg.IfStep
function vg.when_true(cond, then_steps, else_steps) end

---Same as `vg.when_true` (write it `vg["if"](...)`: `if` is a Lua keyword).
---@param cond vg.Condition
---@param then_steps vg.Step[]
---@param else_steps? vg.Step[]
---@return vg.IfStep
vg["if"] = function(cond, then_steps, else_steps) end

---Ask the controller yes / no; "yes" runs `then_steps`.
---@param then_steps vg.Step[]
---@param prompt? string
---@return vg.MayStep
function vg.may(then_steps, prompt) end

---Let the controller pick one option; its steps run.
---@param options vg.ChooseOneOption[]
---@return vg.ChooseOneStep
function vg.choose_one(options) end

---Run `steps` once for each card `target` names, bound alone under `name`.
---@param target vg.Ref
---@param name string
---@param steps vg.Step[]
---@return vg.ForEachStep
function vg.for_each(target, name, steps) end

---Run the steps a function returns (how a function acts on the game). The returned list is
---checked when it runs and may contain no functions.
---@param fn fun(ctx: vg.Ctx): vg.Step[]
---@return vg.Step
function vg.steps_from(fn) end

---`player` (default "you") gets a CONT ability of their own for `duration` ("turn" by default,
---"battle", or "forever" for the rest of the game); it stays when the card that gave it leaves.
---Its targets are selectors (a player's ability has no "self").
---@param ability vg.Cont
---@param duration? vg.DurationWord
---@param player? vg.Player
---@return vg.Step
function vg.give_player(ability, duration, player) end

---`player` (default "you") wins the game: everyone else loses.
---@param player? vg.Player
---@return vg.EndGameStep
function vg.win(player) end

---`player` (default "you") loses the game.
---@param player? vg.Player
---@return vg.EndGameStep
function vg.lose_game(player) end

-------------------------------------------------------------------------------------------
-- vg.common: the shared helpers of card_scripts/lib/common.lua (a trusted Lua library run after
-- vg.lua; see docs/lua-api.md, "Shared Lua libraries")

---@class vg.PowerOnAttackOptions
---@field zones? vg.Zones  default {"VC", "RC"}
---@field limit_break? integer
---@field cost? vg.Cost
---@field condition? vg.Condition

vg.common = {}

---Same as `vg.cost.counter_blast`.
---@param n? integer
---@return vg.Cost
function vg.common.cb(n) end

---Same as `vg.cost.soul_blast`.
---@param n? integer
---@return vg.Cost
function vg.common.sb(n) end

---Same as `vg.cost.counter_charge`.
---@param n? integer
---@return vg.Cost
function vg.common.cc(n) end

---Same as `vg.cost.soul_charge`.
---@param n? integer
---@return vg.Cost
function vg.common.sc(n) end

---The opponent's rear-guards matching `filter`.
---@param filter? vg.Filter
---@return vg.Selector
function vg.common.opponent_rear_guards(filter) end

---Your front-row units (vanguard included) matching `filter`.
---@param filter? vg.Filter
---@return vg.Selector
function vg.common.front_row_units(filter) end

---This card is placed on one of `zones`: "VC" (ridden), "RC" (called), "GC" (guard/intercept),
---or put on VC/RC by a rule (event `place`, e.g. a legion mate).
---@param zones ("VC"|"RC"|"GC")[]
---@return vg.Trigger
function vg.common.placed_on(zones) end

---Steps: choose one card from the selector (bound as "retire_target") and retire it.
---@param from vg.Selector
---@return vg.Step[]
function vg.common.retire_one(from) end

---Steps: look at the top `n` cards of your deck, call up to `count` (default 1) of those matching
---`filter` to open rear-guard circles, put the others on the bottom of the deck.
---@param n vg.Amount
---@param filter? vg.Filter
---@param count? integer
---@return vg.Step[]
function vg.common.call_from_top(n, filter, count) end

---Steps: this unit gets +`amount` power until end of that battle.
---@param amount vg.Amount
---@return vg.Step[]
function vg.common.power_for_battle(amount) end

---A whole AUTO (GC): when placed on GC, you may pay `cost` (default: discard a card); one of
---your attacked units cannot be hit until end of that battle.
---@param cost? vg.Cost
---@return vg.Auto
function vg.common.perfect_guard(cost) end

---The later sentinel's whole AUTO (GC): when placed on GC, choose one of your units; it cannot be
---hit until end of that battle; then, if your hand holds two or more cards, discard one.
---@return vg.Auto
function vg.common.perfect_guard_any() end

---A whole AUTO (removed) of a D over trigger: after it resolved as an over trigger turned up by
---a drive check, choose one of your units; it gets +`amount` power until end of turn.
---@param amount vg.Amount
---@return vg.Auto
function vg.common.over_trigger_power(amount) end

---A whole AUTO (removed) of a D over trigger with its own extra effect: after it resolved as an
---over trigger turned up by a drive check, the steps of `effect` run.
---@param effect vg.Step[]
---@return vg.Auto
function vg.common.over_trigger_extra(effect) end

---A whole AUTO: when this unit attacks, [pay `opts.cost`:] it gets +`amount` power until end
---of that battle.
---@param amount vg.Amount
---@param opts? vg.PowerOnAttackOptions
---@return vg.Auto
function vg.common.power_on_attack(amount, opts) end

---A whole AUTO (VC): when a card rides upon this unit, if you went second, draw a card.
---@return vg.Auto
function vg.common.draw_if_went_second() end

---A whole AUTO (RC): when this unit boosts, it gets +`amount` power until end of turn.
---@param amount vg.Amount
---@return vg.Auto
function vg.common.power_on_boost(amount) end

-------------------------------------------------------------------------------------------
-- vg.overdress (plugin overdress, format d-standard: plugins/vgcore_overdress/overdress.lua)

vg.overdress = {}
vg.overdress.when = {}
vg.overdress.cond = {}

---Trigger: this unit is placed on RC by overDress (event `call`, how = "overdress").
---@type vg.Trigger
vg.overdress.when.placed_by_overdress = {event = "call", subject = "self", how = "overdress"}

---Your units (or `filter.owner`'s) in the overDress state.
---@param filter? vg.Filter
---@return vg.Selector
function vg.overdress.units_in_state(filter) end

---Condition: you have at least `n` (default 1) units in the overDress state.
---@param n? integer
---@return vg.Condition
function vg.overdress.cond.have_unit_in_state(n) end

---Amount: `each` (default 1) times the originalDress cards beneath this unit.
---@param each? integer
---@return vg.Amount
function vg.overdress.per_original_dress(each) end

---Selector: the originalDress cards beneath this unit (matching `filter`).
---@param filter? vg.Filter
---@return vg.Selector
function vg.overdress.original_dress(filter) end

-------------------------------------------------------------------------------------------
-- vg.dera: plugins/vgcore_dera/dera.lua (plugin `dera`, d-standard): Worlds and Alchemagic
-- (docs/lua-api.md §19.2)

vg.dera = {when = {}, cond = {}}

---Trigger: this card is put into the order zone (a set order or World, once played).
---@type vg.Trigger
vg.dera.when.put_into_order_zone = {event = "order_set", subject = "self"}
---Trigger: a World is put into your order zone.
---@type vg.Trigger
vg.dera.when.world_put = {event = "order_set", subject = {order_type = "world"}, player = "you"}
---Trigger: you play an order with Alchemagic.
---@type vg.Trigger
vg.dera.when.alchemagic = {event = "alchemagic", player = "you"}
---Your World is Dark Night.
---@type vg.CondTable
vg.dera.cond.dark_night = {state = "dark_night"}
---Your World is Abyssal Dark Night.
---@type vg.CondTable
vg.dera.cond.abyssal_dark_night = {state = "abyssal_dark_night"}
---Your World is Dark Night or Abyssal Dark Night.
---@type vg.CondTable
vg.dera.cond.dark_world = {}
---The order resolving was played with Alchemagic.
---@type vg.CondTable
vg.dera.cond.alchemagic = {state = "alchemagic"}

---The CONT (order zone) every World prints: the World state from the Worlds in the order zone.
---@return vg.Cont
function vg.dera.world() end

---A continuous effect: you may Alchemagic when you play a normal order.
---@return vg.ContEffect
function vg.dera.can_alchemagic() end

---A step: until end of turn, the next Alchemagic pays none of its costs' Soul Blasts.
---@return vg.Step
function vg.dera.alchemagic_without_soul_blast() end

-------------------------------------------------------------------------------------------
-- The sandbox's standard library: exactly what card scripts can call (see docs/lua-api.md,
-- "The sandbox"). .luarc.json switches LuaLS's own copies of these libraries off so that
-- anything the sandbox lacks (print, require, io, os, string.match, math.random, ...) shows
-- up as undefined.

---The running Lua version, "Lua 5.4".
---@type string
_VERSION = "Lua 5.4"

---Raise an error when `v` is false or nil; otherwise return every argument.
---@generic T
---@param v T
---@param message? any
---@param ... any
---@return T
---@return ...
function assert(v, message, ...) end

---Stop with an error message (positioned at the calling line unless `level` is 0).
---@param message any
---@param level? integer
---@return never
function error(message, level) end

---Iterate the array part of a table: 1, 2, ... until the first nil.
---@generic V
---@param t V[]
---@return fun(t: V[], i: integer): integer, V
---@return V[]
---@return integer
function ipairs(t) end

---The raw next key of a table. Its order is not stable between runs: use `pairs`.
---@generic K, V
---@param t table<K, V>
---@param key? K
---@return K?
---@return V?
function next(t, key) end

---Iterate every key of a table in a stable order: numbers ascending, then strings, then
---booleans (the sandbox's deterministic pairs).
---@generic K, V
---@param t table<K, V>
---@return fun(): K, V
function pairs(t) end

---Call `f` and catch its errors (limits and out-of-memory errors cannot be caught).
---@param f function
---@param ... any
---@return boolean ok
---@return ...
function pcall(f, ...) end

---Like `pcall`, with a message handler.
---@param f function
---@param handler function
---@param ... any
---@return boolean ok
---@return ...
function xpcall(f, handler, ...) end

---Whether two values are the same without metamethods.
---@param a any
---@param b any
---@return boolean
function rawequal(a, b) end

---Length of a table or string without metamethods.
---@param v table|string
---@return integer
function rawlen(v) end

---`select("#", ...)` counts the extra arguments; `select(n, ...)` returns them from the n-th.
---@param index integer|"#"
---@param ... any
---@return ...
function select(index, ...) end

---Convert to a number (nil when impossible).
---@param v any
---@param base? integer
---@return number?
function tonumber(v, base) end

---Text form of a value; tables and functions give only their type name.
---@param v any
---@return string
function tostring(v) end

---The type name of a value.
---@param v any
---@return "nil"|"number"|"string"|"boolean"|"table"|"function"|"thread"|"userdata"
function type(v) end

---The sandbox's string library (also usable as methods: `s:upper()`). No pattern matching:
---`find` always searches for plain text, and match, gmatch, gsub, dump, pack, unpack and
---packsize do not exist.
---@class stringlib
string = {}

---@param s string
---@param i? integer
---@param j? integer
---@return integer
---@return ...
function string.byte(s, i, j) end

---@param ... integer
---@return string
function string.char(...) end

---Find plain text (never a pattern): start and end of the first occurrence, or nil.
---@param s string
---@param text string
---@param init? integer
---@return integer? start
---@return integer? finish
function string.find(s, text, init) end

---Format values (`%p` is not available).
---@param fmt string
---@param ... any
---@return string
function string.format(fmt, ...) end

---@param s string
---@return integer
function string.len(s) end

---@param s string
---@return string
function string.lower(s) end

---Repeat a string (the result may be at most 1 MiB).
---@param s string
---@param n integer
---@param sep? string
---@return string
function string.rep(s, n, sep) end

---@param s string
---@return string
function string.reverse(s) end

---@param s string
---@param i integer
---@param j? integer
---@return string
function string.sub(s, i, j) end

---@param s string
---@return string
function string.upper(s) end

---The sandbox's table library (no `move`).
---@class tablelib
table = {}

---@param t table
---@param sep? string
---@param i? integer
---@param j? integer
---@return string
function table.concat(t, sep, i, j) end

---`table.insert(t, v)` appends; `table.insert(t, pos, v)` inserts at `pos`.
---@param t table
---@param pos_or_value any
---@param value? any
function table.insert(t, pos_or_value, value) end

---@param ... any
---@return table
function table.pack(...) end

---@param t table
---@param pos? integer
---@return any
function table.remove(t, pos) end

---@generic V
---@param t V[]
---@param less? fun(a: V, b: V): boolean
function table.sort(t, less) end

---Unpack a list (at most 256 values).
---@param t table
---@param i? integer
---@param j? integer
---@return ...
function table.unpack(t, i, j) end

---The sandbox's math library: everything but `random` and `randomseed` (a script must be
---deterministic; chance comes only from the game's own shuffles).
---@class mathlib
---@field pi number
---@field huge number
---@field maxinteger integer
---@field mininteger integer
math = {}

---@param x number
---@return number
function math.abs(x) end

---@param x number
---@return number
function math.acos(x) end

---@param x number
---@return number
function math.asin(x) end

---@param y number
---@param x? number
---@return number
function math.atan(y, x) end

---@param x number
---@return integer
function math.ceil(x) end

---@param x number
---@return number
function math.cos(x) end

---@param x number
---@return number
function math.deg(x) end

---@param x number
---@return number
function math.exp(x) end

---@param x number
---@return integer
function math.floor(x) end

---@param x number
---@param y number
---@return number
function math.fmod(x, y) end

---@param x number
---@param base? number
---@return number
function math.log(x, base) end

---@param x number
---@param ... number
---@return number
function math.max(x, ...) end

---@param x number
---@param ... number
---@return number
function math.min(x, ...) end

---@param x number
---@return integer
---@return number
function math.modf(x) end

---@param x number
---@return number
function math.rad(x) end

---@param x number
---@return number
function math.sin(x) end

---@param x number
---@return number
function math.sqrt(x) end

---@param x number
---@return number
function math.tan(x) end

---@param x any
---@return integer?
function math.tointeger(x) end

---@param x any
---@return "integer"|"float"|nil
function math.type(x) end

---@param m integer
---@param n integer
---@return boolean
function math.ult(m, n) end
