"""Running the functions card scripts declare, in the game's own Lua runtime (DESIGN.md §6).

A function (a custom filter, condition or amount) is pure: it gets a read-only plain-table
snapshot of the game — `ctx` — and returns a value; it cannot change the game. A filter
(`where = function(ctx, card) … end`) also gets the candidate card's record. Cards are integer
handles (uids). No Python object ever reaches Lua: the snapshot is built from plain data,
converted to Lua tables once per game moment and shared, read-only, by the calls of that
moment. The runtime is created the first time a game needs one and loads a card's script
only when one of its functions is called.

The snapshot (`ctx`):
  me, opponent        seats ("A"/"B") of the ability's controller and its opponent
  self                the ability's card (handle) or nil
  turn, turn_player, first_player, phase, my_turn
  event               the triggering event's fields (handles for cards), or nil
  bound               {name = {handles…}} what the effect has chosen so far
  players[seat]       damage, team_damage (the team's total in a tag fight; else = damage),
                      face_up_damage, hand, deck, soul, drop (counts), vanguard (handle),
                      units (with cards standing beside one, e.g. a legion mate),
                      rear_guards (lists of handles), flags (every per-player flag a
                      rule or plugin keeps, read-only plain data: e.g. persona_ride_turn,
                      states, originaldress keyed by handles, orders_played)
  cards[handle]       id, name, names (all its names now: a plugin may add some, e.g. a
                      G unit has its heart's), grade, power, critical, shield, skill, trigger,
                      clan, nation, race, kind, seat, zone, face_up, rested, owner
  battle              attacker, target, booster (handles), hit — or nil outside battle
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from vgcore.errors import BudgetExhausted, ScriptError
from vgcore.limits import SCRIPT_LIMIT, LimitReached
from vgcore.scripting.cardview import card_record
from vgcore.scripting.declarations import MAX_NUMBER, FnRef, whole_number
from vgcore.scripting.loader import read_source
from vgcore.types import VC, Zone
from vgcore.zones import can_see

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.scripting.sandbox import LuaSandbox
    from vgcore.selectors import Ctx
    from vgcore.types import Uid

# What each load or call of a card function costs besides the Lua instructions it runs (the
# snapshot, the conversions, the fresh load), in instructions of the game's budget.
CALL_COST = 1_000

# Zones whose cards the snapshot lists (decks are counted, never listed).
LISTED_ZONES = (Zone.SOUL, Zone.DROP, Zone.DAMAGE, Zone.TRIGGER, Zone.BIND, Zone.HAND,
                Zone.ORDER, Zone.REMOVED)


class ScriptHost:
    """One game's calls of card functions, in its engine's per-thread Lua runtime."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._sandbox: LuaSandbox | None = None
        self._sources: dict[str, str] = {}
        self._snapshot_key: tuple[Any, ...] | None = None
        self._snapshot: Any = None

    @property
    def sandbox(self) -> LuaSandbox:
        if self._sandbox is None:
            self._sandbox = self.game.engine.scripts.function_runtime()
        return self._sandbox

    def function(self, ref: FnRef) -> Any:
        """The Lua function a declaration path names, from a fresh load of its card's script.

        Loading again for every call (about 15 µs) is what keeps functions pure: whatever a
        function kept in its script's local variables is gone by the next call, so a game, its
        clone and its JSON restore behave the same, whichever calls the runtime saw before.
        """
        card = self.game.engine.db[ref.card_id]
        assert card.script is not None
        if ref.card_id not in self._sources:
            self._sources[ref.card_id] = read_source(ref.card_id, card.script)
        source = self._sources[ref.card_id]
        node = self._metered(ref, lambda budget: self.sandbox.load_script(
            source, card.script, card_id=ref.card_id, budget=budget))
        for key in ref.path:
            node = node[key + 1 if isinstance(key, int) else key]
        return node

    def snapshot(self, ctx: Ctx) -> Any:
        """The read-only Lua `ctx` for this moment of the game and this point of view."""
        key = (len(self.game.state.log), ctx.seat, ctx.uid, id(ctx.event),
               tuple(sorted((k, tuple(v)) for k, v in ctx.bindings.items())))
        if key != self._snapshot_key:
            data = build_snapshot(self.game, ctx)
            self._snapshot = self.sandbox.to_lua(data, readonly=True)
            self._snapshot_key = key
        return self._snapshot

    def call(self, ref: FnRef, ctx: Ctx, *, candidate: Uid | None = None) -> Any:
        """Call a card's function: `fn(ctx)`, or `fn(ctx, card)` for a filter's candidate."""
        fn = self.function(ref)
        snapshot = self.snapshot(ctx)
        card = self.game.engine.db[ref.card_id]
        args = (snapshot,) if candidate is None else (snapshot, card_record(self.game, candidate))

        def run(budget: int) -> Any:
            try:
                return self.sandbox.call(fn, *args, card_id=ref.card_id, file=card.script,
                                         budget=budget)
            except ScriptError:
                raise
            except Exception as exc:  # a lupa error the sandbox did not type: the card's
                raise ScriptError(f"{type(exc).__name__}: {exc}", ref.card_id,
                                  card.script) from None

        return self._metered(ref, run)

    def _metered(self, ref: FnRef, run: Callable[[int], Any]) -> Any:
        """Run one load or call within what is left of the game's Lua budget for this
        decision (`Game.script_left`) and charge it what it used. Spent while the procedure
        runs, the budget ends the game (vgcore.limits, `script_limit`); spent while the game
        is only read (a view, an agent), the call fails like any script error."""
        game = self.game
        if game.script_left <= 0:
            raise self._exhausted(ref)
        sandbox = self.sandbox
        try:
            return run(game.script_left)
        except BudgetExhausted:
            game.script_left = 0
            raise self._exhausted(ref) from None
        finally:
            game.script_left -= sandbox.last_used + CALL_COST

    def _exhausted(self, ref: FnRef) -> Exception:
        game = self.game
        limit = game.engine.format.limits.script_instructions_per_decision
        if game.in_procedure and game.state.result is None:
            return LimitReached(SCRIPT_LIMIT, limit, [ref.card_id])
        card = game.engine.db[ref.card_id]
        return BudgetExhausted(f"the script budget for reading the game ({limit} instructions "
                               "until the next answer) is spent", ref.card_id, card.script)

    def amount(self, ref: FnRef, ctx: Ctx) -> int:
        """An amount function's result as a whole number (docs/lua-api.md §7): a fraction is
        cut off and anything not a number counts as 0, but `inf`, `-inf`, NaN and numbers
        beyond MAX_NUMBER are a ScriptError at the function's line, never an overflow."""
        value = self.call(ref, ctx)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return 0
        if isinstance(value, float):  # a fraction is cut off, as documented
            number = whole_number(math.trunc(value)) if math.isfinite(value) else None
        else:
            number = whole_number(value)
        if number is None:
            card = self.game.engine.db[ref.card_id]
            line = self.sandbox.function_line(self.function(ref))
            shown = f"{value:.3g}" if isinstance(value, float) or abs(value) > 10**15 else value
            raise ScriptError(f"the amount function returned {shown}; an amount is a whole "
                              f"number from {-MAX_NUMBER} to {MAX_NUMBER}", ref.card_id,
                              card.script, line)
        return number


def build_snapshot(game: Game, ctx: Ctx) -> dict[str, Any]:
    st = game.state
    me = ctx.seat
    listed: set[int] = set()
    players: dict[str, Any] = {}
    parts = game.engine.zone_circles
    shapes = game.engine.flag_shapes["player"]
    named: set[int] = set()  # cards the flags name: listed where `me` may see them
    for seat, player in st.players.items():
        zones = player.zones
        units = [u for c in player.circles for u in zones[c][:1]]
        rear_guards = [u for u in units if st.loc[u][1] != VC]
        for part in parts:  # cards standing on a circle beside its unit (a legion mate)
            units.extend(zones.get(part, ()))
        listed.update(units)
        listed.update(zones.get("GC", ()))
        for zone in LISTED_ZONES:
            if zone == Zone.HAND and seat != me:
                continue
            listed.update(zones.get(zone, ()))
        damage = zones[Zone.DAMAGE]
        players[seat] = {
            "damage": len(damage),
            "team_damage": game.team_damage(seat),  # tag fight: the team's total
            "face_up_damage": sum(1 for u in damage if st.face_up[u]),
            "hand": len(zones[Zone.HAND]), "deck": len(zones[Zone.DECK]),
            "soul": len(zones[Zone.SOUL]), "drop": len(zones[Zone.DROP]),
            "vanguard": game.vanguard(seat), "units": units,
            "rear_guards": rear_guards,
            "flags": lua_flags(player.flags, shapes, named),
        }
    extra = [ctx.uid, *_event_uids(ctx.event)]
    for uids in ctx.bindings.values():
        extra.extend(u for u in uids if isinstance(u, int))
    listed.update(u for u in extra if u is not None)
    listed.update(u for u in named if 0 <= u < len(st.card_ids) and visible(game, u, me))
    # a token that ceased to exist is listed no more, except as the ability's own card
    listed.difference_update([u for u in listed if st.loc[u][1] == Zone.CEASED
                              and u != ctx.uid])
    battle = st.battle
    return {
        "me": me, "opponent": game.opponent(me), "self": ctx.uid,
        "turn": st.turn, "turn_player": st.turn_player, "phase": st.phase,
        "first_player": st.first_player,
        "my_turn": st.turn_player == me,
        "event": _plain_event(ctx.event),
        "bound": {k: [u for u in v if isinstance(u, int) and u in listed]
                  for k, v in ctx.bindings.items()},
        "players": players,
        "cards": {u: card_record(game, u) for u in sorted(listed)},
        "battle": None if battle is None else {
            "attacker": battle["attacker"], "target": battle["target"],
            "targets": [t[0] for t in battle.get("targets", ())] or [battle["target"]],
            "booster": battle["booster"], "hit": battle["hit"],
            "drive_grades": [g for g in battle["drive_grades"] if g is not None]},
    }


def visible(game: Game, uid: Uid, seat: str) -> bool:
    """Whether `seat` may see the card where it is (zones.can_see)."""
    st = game.state
    where, zone = st.loc[uid]
    spec = game.engine.zones.get(zone)
    return spec is not None and can_see(spec, st.face_up[uid], where == seat)


def lua_flags(flags: Mapping[str, Any], shapes: Mapping[str, Any],
              listed: set[int]) -> dict[str, Any]:
    """A player's flags as plain read-only data for `ctx` (docs/lua-api.md §12): every flag
    a rule or plugin keeps (not the `_private` ones), nested tables included; a mapping keyed
    by cards (shape `{uid: …}`) is keyed by handles, and the cards its declared shape names
    are gathered in `listed` (shown in `ctx.cards` where the viewer may see them). Values
    that are not plain data are left out."""
    return {name: lua_value(value, shapes.get(name), listed) for name, value in flags.items()
            if not name.startswith("_")}


def lua_value(value: Any, shape: Any, listed: set[int]) -> Any:
    """`value` read by its flag shape (vgcore_flag_shapes); None for what is not plain."""
    from vgcore.snapshots import shape_fields, split_shape

    if not isinstance(shape, str):  # no shape or a callable one: plain data, as it is
        return plain_value(value)
    shape = shape.strip().removesuffix("?")
    if shape == "uid" and isinstance(value, int) and not isinstance(value, bool):
        listed.add(value)
        return value
    if shape.startswith("[") and isinstance(value, list):
        parts = split_shape(shape[1:-1])
        return [lua_value(v, parts[i] if len(parts) > 1 else parts[0], listed)
                for i, v in enumerate(value)]
    if shape.startswith("{") and isinstance(value, Mapping):
        fields = shape_fields(shape)
        if list(fields) == ["uid"]:
            return {int(k): lua_value(v, fields["uid"], listed) for k, v in value.items()
                    if isinstance(k, str) and k.isdigit()}
        if list(fields) == ["str"]:
            return {k: lua_value(v, fields["str"], listed) for k, v in value.items()}
        return {k: lua_value(v, fields.get(k), listed) for k, v in value.items()}
    return plain_value(value)


def plain_value(value: Any) -> Any:
    """Strings, numbers, booleans, and lists and string-keyed tables of them; else None."""
    if isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain_value(v) for k, v in value.items() if isinstance(k, str)}
    return None


def _event_uids(event: Mapping[str, Any] | None) -> list[int]:
    if not event:
        return []
    return [v for k, v in event.items() if (k == "uid" or k.endswith("_uid")) and
            isinstance(v, int)]


def _plain_event(event: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if event is None:
        return None
    return {k: v for k, v in event.items() if isinstance(v, (str, int, float, bool))
            or (isinstance(v, list) and all(isinstance(x, (str, int)) for x in v))}

