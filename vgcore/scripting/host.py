"""Running the functions card scripts declare, in the game's own Lua runtime (DESIGN.md §6).

A function (a custom filter, condition or amount) is pure: it gets a read-only plain-table
snapshot of the game — `ctx` — and returns a value; it cannot change the game. A filter
(`where = function(ctx, card) … end`) also gets the candidate card's record. Cards are integer
handles (uids). No Python object ever reaches Lua: the snapshot is built from plain data,
converted to Lua tables once per game moment and shared, read-only, by the calls of that
moment; a card's table is kept while its record is unchanged (vgcore/scripting/ctx.py). The
runtime is created the first time a game needs one and loads a card's script only when one
of its functions is called; a function that keeps no state stays loaded (`function`).

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from vgcore.errors import BudgetExhausted, ScriptError
from vgcore.limits import SCRIPT_LIMIT, LimitReached
from vgcore.scripting.ctx import (
    build_snapshot,
    card_record,
    card_tables,
    card_values,
    snapshot_parts,
)
from vgcore.scripting.declarations import MAX_NUMBER, FnRef, whole_number
from vgcore.scripting.loader import MAX_KEPT_FUNCTIONS, MAX_SHARED_CARDS

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.scripting.loader import FunctionRuntime
    from vgcore.scripting.sandbox import LuaSandbox
    from vgcore.selectors import Ctx
    from vgcore.types import Uid

__all__ = ["CALL_COST", "KeptFunction", "ScriptHost", "build_snapshot", "card_record"]

# What each load or call of a card function costs besides the Lua instructions it runs (the
# snapshot, the conversions, the fresh load), in instructions of the game's budget.
CALL_COST = 1_000

class KeptFunction(NamedTuple):
    """A stateless card function the runtime keeps (ScriptHost.function): the function, its
    environment's upvalue index (0: none) and the instructions its script's load used."""

    fn: Any
    env_slot: int
    load_cost: int


class ScriptHost:
    """One game's calls of card functions, in its engine's per-thread Lua runtime."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._runtime: FunctionRuntime | None = None
        self._snapshot_key: tuple[Any, ...] | None = None
        self._snapshot: Any = None
        # handle -> (the record's values, its Lua table) for the cards of the last snapshot
        self._card_tables: dict[int, tuple[tuple[Any, ...], Any]] = {}

    @property
    def runtime(self) -> FunctionRuntime:
        """The runtime this game calls its functions in (that of the thread that first
        called one), with the functions and converter it keeps."""
        if self._runtime is None:
            self._runtime = self.game.engine.scripts.functions()
        return self._runtime

    @property
    def sandbox(self) -> LuaSandbox:
        return self.runtime.sandbox

    def function(self, ref: FnRef) -> Any:
        """The Lua function a declaration path names, ready to call.

        Functions are pure: whatever one kept in its script's local variables must be gone
        by the next call, so that a game, its clone and its JSON restore behave the same,
        whichever calls the runtime saw before. So a function that could keep state is
        loaded afresh for every call. One that cannot (no upvalue but its script's empty
        environment: most conditions and filters) is kept by the runtime and called again
        with an empty environment; the game is charged its load all the same, so its
        script budget does not depend on what the runtime ran before.
        """
        engine = self.game.engine
        key = (ref.card_id, ref.path)
        kept_functions = self.runtime.kept
        kept: KeptFunction | None = kept_functions.get(key)
        if kept is not None:
            self._charge_load(ref, kept.load_cost)
            self.sandbox.renew_env(kept.fn, kept.env_slot)
            return kept.fn
        path = engine.db[ref.card_id].script
        assert path is not None
        source = engine.scripts.source(ref.card_id)
        sandbox = self.sandbox
        node = self._metered(ref, lambda budget: sandbox.load_script(
            source, path, card_id=ref.card_id, budget=budget))
        load_cost = sandbox.last_used
        for part in ref.path:
            node = node[part + 1 if isinstance(part, int) else part]
        slot = sandbox.stateless_slot(node)
        if slot is not None:
            if len(kept_functions) >= MAX_KEPT_FUNCTIONS:
                del kept_functions[next(iter(kept_functions))]
            kept_functions[key] = KeptFunction(node, slot, load_cost)
        return node

    def _charge_load(self, ref: FnRef, cost: int) -> None:
        """Charge the game a kept function's load as if it had run (`_metered`)."""
        game = self.game
        if game.script_left <= 0 or cost > game.script_left:
            game.script_left = 0
            raise self._exhausted(ref)
        game.script_left -= cost + CALL_COST

    def snapshot(self, ctx: Ctx) -> Any:
        """The read-only Lua `ctx` for this moment of the game and this point of view."""
        key = (len(self.game.state.log), ctx.seat, ctx.uid, id(ctx.event),
               tuple(sorted((k, tuple(v)) for k, v in ctx.bindings.items())))
        if key != self._snapshot_key:
            data, listed = snapshot_parts(self.game, ctx)
            cards = self._cards(listed)
            self._snapshot = self.sandbox.to_lua(data, readonly=True, shared={"cards": cards})
            self._snapshot_key = key
        return self._snapshot

    def _cards(self, listed: list[int]) -> Any:
        """`ctx.cards` as a Lua table of the cards' tables. A card whose record is unchanged
        keeps its table (since this game's last snapshot, or since any game of this runtime
        made one for the same values): converting the records was most of a snapshot's
        cost. Sharing is safe because scripts reach these tables only through the
        snapshot's read-only view."""
        runtime = self.runtime
        tables = card_tables(self.game, listed, self._card_tables, runtime.cards,
                             runtime.make_card, MAX_SHARED_CARDS, runtime.card_parts)
        self._card_tables = tables  # only the latest snapshot's cards are kept
        return self.sandbox.to_lua({}, shared={uid: table for uid, (_, table) in tables.items()})

    def call(self, ref: FnRef, ctx: Ctx, *, candidate: Uid | None = None) -> Any:
        """Call a card's function: `fn(ctx)`, or `fn(ctx, card)` for a filter's candidate."""
        fn = self.function(ref)
        snapshot = self.snapshot(ctx)
        card = self.game.engine.db[ref.card_id]
        if candidate is None:
            args: tuple[Any, ...] = (snapshot,)
        else:  # the candidate's record: a fresh table of its own (docs/lua-api.md §12)
            runtime = self.runtime
            args = (snapshot, runtime.make_card(card_values(self.game, candidate,
                                                            runtime.card_parts)))

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
