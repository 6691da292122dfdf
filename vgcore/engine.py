"""The compiled rules of one format: procedure frames, turn steps, zones and plugin hooks.

An `Engine` is built once per format and set of enabled plugins, then shared by every game of
that format (simulations build it once). Hook results that the hot path needs — frame
handlers, continuous modifiers, rule checks — are collected here into plain lists and dicts,
so a decision never pays for a plugin-manager call it does not need.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from vgcore.errors import FormatError
from vgcore.events import CARD_FIELDS
from vgcore.framekind import FrameKind as FrameKind  # re-exported: plugins build them
from vgcore.scripting.loader import ScriptLoader
from vgcore.types import STANDARD_CIRCLES
from vgcore.zones import CORE_ZONES, ZoneSpec

if TYPE_CHECKING:
    from vgcore.actions import Move
    from vgcore.carddb import CardDB, CardRecord
    from vgcore.costs import CanPay
    from vgcore.decisions import Action
    from vgcore.formats import Format
    from vgcore.game import Game
    from vgcore.scripting.declarations import Ability, CardScript
    from vgcore.steps import StepKind
    from vgcore.types import Seat, Uid

StatModifier = Callable[["Game", "Uid", str], int]
RuleCheck = Callable[["Game"], "list[tuple[Seat, str]]"]
ValidityCheck = Callable[["Game", "Seat", "Uid", "Ability"], bool]
# A plugin's filter key (hook vgcore_filter_keys): (game, ctx, uid, value) -> the card passes.
FilterMatcher = Callable[["Game", Any, "Uid", Any], bool]
EventListener = Callable[["Game", "dict[str, Any]"], None]
NameProvider = Callable[["Game", "Uid"], "Sequence[str]"]
CostSource = Callable[["Game", "Seat"], "Sequence[Seat]"]
MoveReplacement = Callable[["Game", "Uid", "Seat", str], "tuple[Seat, str] | None"]
ZoneListener = Callable[["Game", "Move"], None]
# The moves a zone listener hears (`hears_moves`): out of these zone words, into these.
MoveZones = tuple[frozenset[str], frozenset[str]]


GameTest = Callable[["Game"], bool]


def modifies(*stats: str, when: GameTest | None = None,
             ) -> Callable[[StatModifier], StatModifier]:
    """Declare the only stats a continuous modifier can change (`@modifies("power")`), so
    that reading any other stat does not call it: a modifier runs with every stat read.
    `when(game)`, if given, is a cheap test of the whole game that is False whenever the
    modifier adds nothing to any unit (d-era's persona ride: nobody persona rode this turn);
    a reader of many units' stats at one moment (an observation, `vgcore.unitstats`) asks
    it once instead of calling the modifier for every unit."""
    def mark(function: StatModifier) -> StatModifier:
        function.stats = frozenset(stats)  # type: ignore[attr-defined]
        if when is not None:
            function.when = when  # type: ignore[attr-defined]
        return function
    return mark


def judges(*keys: str, spec_only: bool = False) -> Callable[[ValidityCheck], ValidityCheck]:
    """Declare the only spec keys whose abilities a validity check can find invalid
    (`@judges("order")`: an order's ability is never an ACT), so that the check is not called
    for the other abilities: every ability's validity is asked whenever it could trigger,
    work or be activated. A check without it is asked about every ability.

    `spec_only=True` promises more: the check's answer depends on the ability's spec alone,
    never on the game, the seat or the card. An ability it refuses is then refused for good,
    and a game's index leaves it out (`vgcore.abilities.GameIndex`): it is never looked at as
    an ACT, AUTO or CONT — d-era's orders in hand are not walked at every main-phase question
    only to be found invalid."""
    def mark(function: ValidityCheck) -> ValidityCheck:
        function.keys = frozenset(keys)  # type: ignore[attr-defined]
        function.spec_only = spec_only  # type: ignore[attr-defined]
        return function
    return mark


def judged_keys(check: ValidityCheck) -> frozenset[str] | None:
    """A validity check's spec keys (see `judges`), None if it declared none."""
    return getattr(check, "keys", None)


def judges_spec_only(check: ValidityCheck) -> bool:
    """Whether a validity check declared `judges(..., spec_only=True)`."""
    return getattr(check, "spec_only", False) is True


def hears_moves(*, from_zones: Iterable[str] = (), to_zones: Iterable[str] = (),
                ) -> Callable[[ZoneListener], ZoneListener]:
    """Declare the only moves a zone listener needs to hear: those out of one of `from_zones`
    or into one of `to_zones`, in the zone words card scripts use ("field", "RC", "VC",
    "hand", a plugin's zone). The other moves do not call it: a listener without it hears
    every move, some 250 a game, most of them draws, calls and drive checks."""
    zones: MoveZones = (frozenset(from_zones), frozenset(to_zones))
    if not zones[0] and not zones[1]:
        raise ValueError("hears_moves needs from_zones or to_zones (or leave it off)")

    def mark(function: ZoneListener) -> ZoneListener:
        function.move_zones = zones  # type: ignore[attr-defined]
        return function
    return mark


def move_zones(listener: ZoneListener) -> MoveZones | None:
    """A zone listener's zones (see `hears_moves`), None if it hears every move."""
    return getattr(listener, "move_zones", None)


def modifier_test(function: StatModifier) -> GameTest | None:
    """A continuous modifier's `when` test (see `modifies`), None if it declared none."""
    return getattr(function, "when", None)


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """Who sits at the table: seats, whom each faces, teams, and the order of turns.

    The standard game is two seats facing each other; tag fight's plugin returns four seats in
    two teams with the turn order A1 → B2 → A2 → B1.
    """

    seats: tuple[str, ...] = ("A", "B")
    opponents: Mapping[str, str] = field(default_factory=lambda: {"A": "B", "B": "A"})
    teams: Mapping[str, str] = field(default_factory=lambda: {"A": "A", "B": "B"})
    turn_order: tuple[str, ...] = ("A", "B")

    def next_turn(self, seat: str) -> str:
        order = self.turn_order
        return order[(order.index(seat) + 1) % len(order)]

    def first_player_of_turn(self, player: str, turn: int) -> str:
        """Who took turn 1, given that `player` takes turn `turn`."""
        order = self.turn_order
        return order[(order.index(player) - (turn - 1)) % len(order)]

    def from_first(self, first: str) -> tuple[str, ...]:
        """The turn order starting with `first`."""
        i = self.turn_order.index(first)
        return self.turn_order[i:] + self.turn_order[:i]

    def members(self, seat: str) -> tuple[str, ...]:
        """The seats of `seat`'s team, in seat order (`seat` included; alone in a duel)."""
        team = self.teams[seat]
        return tuple(s for s in self.seats if self.teams[s] == team)

    def team_ids(self) -> tuple[str, ...]:
        """The teams in the order their first seat sits: ("A", "B") for both tables."""
        return tuple(dict.fromkeys(self.teams[s] for s in self.seats))


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One entry of the turn procedure: the phase it belongs to and the frame kind to run."""

    phase: str
    kind: str


@dataclass(frozen=True, slots=True)
class PluginScope:
    """Where a plugin's per-decision work can matter (hook `vgcore_plugin_scope`), so that
    games and decisions it has nothing to say in do not pay for asking it.

    `cards`: a test of card records; in a game holding no card that passes it, none of the
    plugin's per-decision work is called — its extra options, event listeners, zone
    listeners, continuous modifiers and name providers (a legion plugin in a game without a
    legion card). `option_kinds`: the decision kinds its `vgcore_extra_options` answers
    ("ride", "main", "guard"); None for any. `option_cards`: a test for its extra options
    alone (orders are offered only in games holding an order, while the D era's persona
    ride applies in every game). The tests run once per game's card ids, and again whenever
    a card is created. `option_zones`: zones of the asking seat one of whose cards must pass
    `option_cards` (else `cards`) for its extra options to be asked at a decision — orders
    are played from the hand, which most of the time holds none, so a game holding orders
    asks the plugin only at the decisions where one is in hand. `option_opponent_zones`:
    the same for the zones of the asking seat's opponents (every other seat), either set
    sufficing — a Prison's cards are freed only while the opponent has one in the order
    zone. `option_cards_by_kind`: by decision kind, a test that takes `option_cards`' place
    at that kind — blitz orders are offered in the guard step, the others in the main
    phase, so a hand holding only normal orders does not ask the plugin at every guard
    question, and a game without a blitz order never asks it there. `option_own_cards`: the
    card the gate finds must be the asking seat's own — a player's cards imprisoned in the
    opponent's Prison (the opponent's order zone) are freed by that player alone, so the
    plugin is asked only while one of theirs is held there."""

    option_kinds: frozenset[str] | None = None
    cards: Callable[[CardRecord], bool] | None = None
    option_cards: Callable[[CardRecord], bool] | None = None
    option_cards_by_kind: Mapping[str, Callable[[CardRecord], bool]] | None = field(
        default=None, hash=False)
    option_zones: frozenset[str] | None = None
    option_opponent_zones: frozenset[str] | None = None
    option_own_cards: bool = False


@dataclass(frozen=True, slots=True)
class ScopedCall:
    """A plugin's hook implementation called directly: the function, its argument names and
    its plugin's scope (None: always)."""

    function: Callable[..., Any]
    names: tuple[str, ...]
    scope: PluginScope | None


OPTION_ARGS: Final = ("game", "seat", "kind")  # vgcore_extra_options' parameters, in order
MAX_SHARED_INDEXES: Final = 64  # GameIndexes an engine keeps for its games' card ids


def direct_calls(caller: Any) -> list[tuple[Callable[..., Any], tuple[str, ...]]]:
    """A hook's implementations as (function, argument names), in the order pluggy calls them
    (last registered first, tryfirst/trylast respected)."""
    return [(impl.function, tuple(impl.argnames)) for impl in reversed(caller.get_hookimpls())]


def plugin_scopes(hook: Any, fmt: Format) -> dict[int, PluginScope]:
    """Each plugin's `vgcore_plugin_scope`, by id of the plugin object."""
    scopes = {}
    for impl in hook.vgcore_plugin_scope.get_hookimpls():
        scope = impl.function(**dict.fromkeys(impl.argnames, fmt))
        if scope is not None:
            if not isinstance(scope, PluginScope):
                raise TypeError(f"{impl.plugin_name}: vgcore_plugin_scope must return a "
                                f"PluginScope, not {type(scope).__name__}")
            scopes[id(impl.plugin)] = scope
    return scopes


def per_plugin(caller: Any, fmt: Format, scopes: Mapping[int, PluginScope],
               ) -> list[tuple[PluginScope | None, Any]]:
    """A registration-time hook's result per plugin, in pluggy's call order (as the hook's
    result list), each with its plugin's scope; plugins that return None are left out."""
    found = []
    for impl in reversed(caller.get_hookimpls()):
        result = impl.function(**dict.fromkeys(impl.argnames, fmt))
        if result is not None:
            found.append((scopes.get(id(impl.plugin)), result))
    return found


def merge_listeners(tables: Iterable[Mapping[str, list[EventListener]]],
                    ) -> dict[str, list[EventListener]]:
    """Event-listener tables merged by kind, in the order given."""
    merged: dict[str, list[EventListener]] = {}
    for table in tables:
        for kind, functions in table.items():
            merged.setdefault(kind, []).extend(functions)
    return merged


def modifies_stat(function: StatModifier, stat: str) -> bool:
    """Whether a continuous modifier may change `stat` (see `modifies`)."""
    stats = getattr(function, "stats", None)
    return stats is None or stat in stats


def scoped_calls(caller: Any, scopes: Mapping[int, PluginScope]) -> list[ScopedCall]:
    """`direct_calls` with each implementation's plugin scope."""
    return [ScopedCall(impl.function, tuple(impl.argnames), scopes.get(id(impl.plugin)))
            for impl in reversed(caller.get_hookimpls())]


class Engine:
    """Everything a game of one format needs besides its state."""

    def __init__(self, fmt: Format, db: CardDB, hook: Any, *, strict: bool = False,
                 lua_libs: Sequence[tuple[str, str]] = (),
                 card_libs: Sequence[tuple[str, str]] = (),
                 extra_plugins: Sequence[str] = (), scoped: bool = True) -> None:
        """`scoped=False` asks every plugin at every decision, ignoring the scopes they
        declare (`vgcore_plugin_scope`): games play the same either way, only slower — a
        modder checks a plugin's scope so (tests/test_plugin_scopes.py)."""
        self.format = fmt
        self.extra_plugins = tuple(extra_plugins)  # enabled on top of the format's (snapshots)
        self.db = db
        self.records = db.records  # by id, for card ids already checked (Game.card)
        self.hook = hook
        self.strict = strict  # script errors raise instead of ending the failing ability
        self.scoped = scoped
        self.lua_libs = tuple(lua_libs)  # (source, name) run after vg.lua in every runtime
        # Libraries of `--cards` directories (DIR/lib/*.lua): untrusted, run after those; they
        # may only add names to `vg` (vgcore/scripting/prelude.lua, `card_library_vg`).
        self.card_libs = tuple(card_libs)
        self.seat_layout: SeatLayout = hook.vgcore_seat_layout(fmt=fmt) or SeatLayout()
        if fmt.first_player != "random" and fmt.first_player not in self.seat_layout.seats:
            raise FormatError(f"format {fmt.id!r}: first_player {fmt.first_player!r} is no seat "
                              "of its table; use random or one of "
                              + ", ".join(self.seat_layout.seats))
        self.team_members: dict[str, tuple[str, ...]] = {
            s: self.seat_layout.members(s) for s in self.seat_layout.seats}
        self.frames: dict[str, FrameKind] = {}
        for table in reversed(hook.vgcore_frame_kinds(fmt=fmt)):
            self.frames.update(table)
        self.zones: dict[str, ZoneSpec] = {z.name: z for z in CORE_ZONES}
        for specs in hook.vgcore_zones(fmt=fmt):
            self.zones.update({z.name: z for z in specs})
        self.field_zones = frozenset(n for n, z in self.zones.items() if z.field)
        # The zones a view lists (the standard circles are drawn as units instead).
        self.view_zones: tuple[tuple[str, ZoneSpec], ...] = tuple(
            (n, z) for n, z in self.zones.items() if n not in STANDARD_CIRCLES)
        # Plugin zones whose cards stand on a circle (a legion mate on VC): zone -> circle,
        # and circle -> its zones, so zone words ("VC", "units") reach those cards too.
        self.zone_circles: dict[str, str] = {
            n: z.circle for n, z in self.zones.items() if z.circle is not None}
        self.circle_parts: dict[str, tuple[str, ...]] = {}
        # What each printed CONT ability reads (vgcore.contkeys), by id(ability); the ability
        # is kept beside it so that the id stays its own.
        self.cont_reads: dict[int, tuple[Any, Any]] = {}
        self.game_indexes: dict[tuple[str, ...], Any] = {}  # GameIndex by card ids
        for part, circle in self.zone_circles.items():
            self.circle_parts[circle] = (*self.circle_parts.get(circle, ()), part)
        self.turn_steps: list[TurnStep] = []
        hook.vgcore_turn_steps(steps=self.turn_steps, fmt=fmt)
        self.battle_steps: list[str] = []
        hook.vgcore_battle_steps(steps=self.battle_steps, fmt=fmt)
        # Per-decision hooks' results by plugin, in pluggy's call order, each with its
        # plugin's scope: a game keeps those in its scope (GameIndex.listeners and the rest).
        self.scopes = plugin_scopes(hook, fmt) if scoped else {}
        self.modifier_lists: list[tuple[PluginScope | None, list[StatModifier]]] = per_plugin(
            hook.vgcore_continuous_modifiers, fmt, self.scopes)
        self.name_provider_lists: list[tuple[PluginScope | None, list[NameProvider]]] = (
            per_plugin(hook.vgcore_name_providers, fmt, self.scopes))
        # Listener tables in registration order (the reverse of the call order), so that a
        # kind's listeners run as the plugins were registered.
        self.listener_tables: list[tuple[PluginScope | None, dict[str, list[EventListener]]]] = (
            per_plugin(hook.vgcore_event_listeners, fmt, self.scopes)[::-1])
        self.move_replacements: list[MoveReplacement] = [
            f for fs in hook.vgcore_move_replacements(fmt=fmt) for f in fs]
        self.zone_listener_calls: list[tuple[PluginScope | None, list[ZoneListener]]] = (
            per_plugin(hook.vgcore_zone_listeners, fmt, self.scopes))
        self.rule_checks: dict[str, RuleCheck] = {}
        for table in reversed(hook.vgcore_rule_checks(fmt=fmt)):
            self.rule_checks.update(table)
        # Per-decision hooks are called directly (pluggy's dispatch costs more than most
        # plugins' answers): the implementations in pluggy's call order, with their arguments.
        self.option_calls = scoped_calls(hook.vgcore_extra_options, self.scopes)
        self._apply_impls = direct_calls(hook.vgcore_apply_option)
        self.view_impls = direct_calls(hook.vgcore_view)
        self._edge_hooks = bool(hook.vgcore_pending_edges.get_hookimpls())
        self.step_kinds: dict[str, StepKind] = {}
        for table in reversed(hook.vgcore_step_kinds(fmt=fmt)):
            self.step_kinds.update(table)
        self.cost_checks: dict[str, CanPay] = {}
        for table in reversed(hook.vgcore_cost_kinds(fmt=fmt)):
            self.cost_checks.update(table)
        self.cost_sources: dict[str, CostSource] = {}
        for table in reversed(hook.vgcore_cost_sources(fmt=fmt)):
            self.cost_sources.update(table)
        self.event_kinds: frozenset[str] = frozenset(
            k for ks in hook.vgcore_event_kinds(fmt=fmt) for k in ks)
        self.event_card_fields: dict[str, frozenset[str]] = dict(CARD_FIELDS)
        for table in hook.vgcore_event_card_fields(fmt=fmt):
            for kind, names in table.items():
                self.event_card_fields[kind] = (self.event_card_fields.get(kind, frozenset())
                                                | frozenset(names))
        self.validity_keys: dict[str, str] = {}
        for table in hook.vgcore_validity_keys(fmt=fmt):
            self.validity_keys.update(table)
        self.filter_keys: dict[str, str] = {}  # a plugin filter key -> its value's type
        self.filter_matchers: dict[str, FilterMatcher] = {}
        for table in hook.vgcore_filter_keys(fmt=fmt):
            for name, (kind, matcher) in table.items():
                self.filter_keys[name], self.filter_matchers[name] = kind, matcher
        from vgcore.snapshots import shape_problem

        self.flag_shapes: dict[str, dict[str, Any]] = {"game": {}, "player": {}}
        for table in hook.vgcore_flag_shapes(fmt=fmt):
            for where, shapes in table.items():
                known = self.flag_shapes[where]
                for name, shape in shapes.items():
                    problem = shape_problem(shape)
                    if problem is not None:
                        raise ValueError(f"flag {name!r}: {problem}")
                    if known.setdefault(name, shape) != shape:
                        raise ValueError(f"flag {name!r} is declared with two shapes")
        self.validity_checks: list[ValidityCheck] = [
            f for fs in hook.vgcore_ability_validity(fmt=fmt) for f in fs]
        # The checks whose refusals are for good: a game's index leaves those abilities out.
        self.spec_checks: tuple[ValidityCheck, ...] = tuple(
            f for f in self.validity_checks if judges_spec_only(f))
        self.scripts = ScriptLoader(self)
        unknown = [s.kind for s in self.turn_steps if s.kind not in self.frames]
        unknown += [k for k in self.battle_steps if k not in self.frames]
        if unknown:
            raise ValueError(f"turn procedure names unknown frame kinds: {unknown}")

    def derived(self, *, db: CardDB | None = None, strict: bool | None = None) -> Engine:
        """An engine like this one (format, plugins, libraries, scopes) with another card pool
        or strictness: the smoke check's strict engines, a scenario's with its own cards. It
        takes this engine's loaded scripts for the cards both pools share, as loading does not
        depend on strictness; a card of its own pool is loaded by it alone."""
        copy = Engine(self.format, self.db if db is None else db, self.hook,
                      strict=self.strict if strict is None else strict,
                      lua_libs=self.lua_libs, card_libs=self.card_libs,
                      extra_plugins=self.extra_plugins, scoped=self.scoped)
        copy.scripts.parent = self.scripts
        return copy

    def game_index(self, game: Any, base: Any = None) -> Any:
        """The `GameIndex` of a game's cards: games of the same decks have the same card ids
        (uids are dealt in deck-list order), so the index (read-only, with caches derived from
        the card ids alone) is built once and shared, like clones share theirs. `base`: the
        game's index before it created cards, extended rather than built again when its card
        ids begin these."""
        from vgcore.abilities import GameIndex

        key = tuple(game.state.card_ids)
        index = self.game_indexes.get(key)
        if index is None:
            if len(self.game_indexes) >= MAX_SHARED_INDEXES:
                self.game_indexes.clear()  # many different decks: start again, bounded
            if base is not None and (len(base.card_ids) >= len(key)
                                     or key[:len(base.card_ids)] != base.card_ids):
                base = None
            index = self.game_indexes[key] = GameIndex(game, base)
        return index

    def is_field(self, zone: str) -> bool:
        return zone in self.field_zones

    def script(self, card_id: str) -> CardScript | None:
        """A card's validated abilities (loaded and checked on first use), None if it has none."""
        return self.scripts.script(card_id)

    def ability(self, card_id: str, number: int) -> Ability:
        script = self.script(card_id)
        assert script is not None, f"{card_id} has no script"
        return script.abilities[number - 1]

    def pending_edges(self, game: Game, pending: list[Any]) -> list[list[tuple[int, int, str]]]:
        """Rule-driven "resolves before" edges that plugins add among pending abilities."""
        if not self._edge_hooks:
            return []
        return list(self.hook.vgcore_pending_edges(game=game, pending=pending))

    def extra_options(self, game: Game, seat: Seat, kind: str) -> list[Action]:
        """Answers that plugins add to a core decision (ride step, main phase, guard step),
        asked only of the plugins whose scope takes in this game, kind and seat's cards
        (`vgcore.abilities.extra_options`, which the core's decisions call)."""
        from vgcore.abilities import extra_options

        return extra_options(game, seat, kind)

    def apply_extra_option(self, game: Game, seat: Seat, kind: str, action: Action) -> bool:
        """Let the plugin that offered `action` carry it out; False when none claims it."""
        args = {"game": game, "seat": seat, "kind": kind, "action": action}
        # firstresult: any() stops at the first plugin that claims the answer
        return any(function(**{n: args[n] for n in names}) for function, names in self._apply_impls)
