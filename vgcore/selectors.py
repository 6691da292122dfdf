"""Selectors, card filters, references and conditions: how declarations name cards and facts.

Everything here only reads the game. A `Ctx` says from whose point of view ("you" is the
ability's controller), which card "self" is, which event triggered the ability and what the
effect has bound so far. Results are lists of uids in a deterministic order (seat order, then
zone order), so two runs of the same game choose the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from vgcore.carddb import SET_ORDER_TYPES
from vgcore.history import count_this_turn
from vgcore.scripting.declarations import FnRef
from vgcore.types import FRONT, GC, VC, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Seat, Uid


class Ctx:
    """The point of view of one ability: controller, its card, its event, its bindings, and
    `where`: (card id, ability number, step path) of the caller. A plain class, not a
    dataclass: compiled, a dataclass keeps the interpreted `__init__` dataclasses writes, and
    one is made for every trigger, condition and cost looked at."""

    __slots__ = ("bindings", "event", "seat", "uid", "where")

    def __init__(self, seat: Seat, uid: Uid | None = None,
                 event: Mapping[str, Any] | None = None,
                 bindings: Mapping[str, Any] | None = None,
                 where: tuple[Any, ...] | None = None) -> None:
        self.seat = seat
        self.uid = uid
        self.event = event
        self.bindings: Mapping[str, Any] = {} if bindings is None else bindings
        self.where = where

    def __repr__(self) -> str:
        return (f"Ctx(seat={self.seat!r}, uid={self.uid!r}, event={self.event!r}, "
                f"bindings={self.bindings!r}, where={self.where!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return Ctx, (self.seat, self.uid, self.event, self.bindings, self.where)


# -- zones -------------------------------------------------------------------------------

CORE_ZONES: Final = frozenset(Zone.ALL)  # the core's zones: never a circle nor standing on one
_FN_REF: Final = FnRef  # an interpreted module's class as a constant (isinstance per read)


def active_in(game: Game, seat: Seat, zone: str, zones: frozenset[str]) -> bool:
    """`zone_matches` for an ability's active zones, with the common answers first."""
    if zone in zones:
        return True
    if zone in CORE_ZONES:
        return False  # never a circle nor on one: only its exact name matches (most cards)
    zone_circles = game.engine.zone_circles
    if zone in game.state.players[seat].circles:
        if zone not in zone_circles:  # a circle (a unit's place): the words naming circles
            return (zone != VC and "RC" in zones) or "field" in zones or "units" in zones
    elif zone != GC and zone not in zone_circles:
        return False  # hand, deck, drop…: only an exact name matches
    return zone_matches(game, seat, zone, zones)


def circle_of(game: Game, zone: str) -> str:
    """The circle a zone's cards stand on: the zone itself, or the circle a plugin zone stands
    on (a legion mate's zone stands on VC; `ZoneSpec.circle`)."""
    return game.engine.zone_circles.get(zone, zone)


def zone_matches(game: Game, seat: Seat, zone: str, wanted: Iterable[str]) -> bool:
    """Whether `zone` of `seat` is one of `wanted` ("RC" = any rear-guard circle, "field").

    A plugin zone that stands on a circle matches its own name and every word its circle does.
    """
    circles = game.state.players[seat].circles
    place = circle_of(game, zone)
    for w in wanted:
        if w in (zone, place):
            return True
        if w == "RC" and place in circles and place != VC:
            return True
        if w == "field" and (place in circles or place == GC):
            return True
        if w == "units" and place in circles:
            return True
    return False


def zone_names(game: Game, seat: Seat, wanted: Iterable[str]) -> list[str]:
    """Concrete zone names of `seat` for a selector's zone words, in a fixed order (a circle
    is followed by the plugin zones that stand on it)."""
    circles = list(game.state.players[seat].circles)
    parts = game.engine.circle_parts
    out: list[str] = []
    for w in wanted:
        if w in ("field", "units"):
            names = circles + ([GC] if w == "field" else [])
        elif w == "RC":
            names = [c for c in circles if c != VC]
        else:
            names = [w]
        if parts:
            names = [n for name in names for n in (name, *parts.get(name, ()))]
        out.extend(n for n in names if n not in out)
    return out


def selected_zones(game: Game, seat: Seat, words: Any) -> Sequence[str]:
    """`zone_names` for a selector's zone words (a tuple), kept per game and seat with the
    very circles dict they were made for and its size then, as `GameIndex.names_at` keeps
    its own: a seat's zone names change only when a circle is made."""
    if not isinstance(words, tuple):
        return zone_names(game, seat, words)
    circles = game.state.players[seat].circles
    known = game.selected_zones.get((seat, words))
    if known is None or known[0] is not circles or known[1] != len(circles):
        known = game.selected_zones[seat, words] = (
            circles, len(circles), tuple(zone_names(game, seat, words)))
    return known[2]


def seats_for(ctx: Ctx, game: Game, owner: str) -> list[Seat]:
    if owner == "you":
        return [ctx.seat]
    if owner == "opponent":
        return [game.opponent(ctx.seat)]
    return list(game.state.seats)


# -- selection ---------------------------------------------------------------------------

NOT_A_UNIT: Final = "not_a_unit"  # a modifier: this card on the field is no unit for effects


def select(game: Game, ctx: Ctx, selector: Mapping[str, Any]) -> list[Uid]:
    """Every card a selector names, in seat then zone order."""
    zones = selector.get("zone", ("field",))
    out: list[Uid] = []
    # Cards on the field that a state makes "not a unit" (e.g. a locked card) are not selected.
    mods = game.state.modifiers
    not_units = {m[0] for m in mods if m[1] == NOT_A_UNIT and m[2] > 0} if mods else ()
    tests = _card_tests(game, selector)
    st = game.state
    for seat in seats_for(ctx, game, selector.get("owner", "you")):
        player = st.players[seat]
        for zone in selected_zones(game, seat, zones):
            for uid in player.zones.get(zone, ()):
                if (not_units and uid in not_units and game.is_field(seat, zone)
                        and not _names_its_state(game, uid, selector.get("has"))):
                    continue
                if not tests:
                    out.append(uid)
                    continue
                card = game.card(uid)
                for test, want in tests:
                    if not test(game, ctx, uid, card, st, want):
                        break
                else:
                    out.append(uid)
    return out


_WHERE_KEYS: Final = frozenset(("zone", "owner"))


def count_selected(game: Game, ctx: Ctx, selector: Mapping[str, Any]) -> int:
    """`len(select(…))`; for a selector that names only where to look ("10 or more cards in
    your soul", an ACT's condition asked at every main-phase question), the zones' sizes,
    unless a card there could be "not a unit" (a state only field cards take)."""
    for key in selector:
        if key not in _WHERE_KEYS:
            return len(select(game, ctx, selector))
    mods = game.state.modifiers
    if mods and any(m[1] == NOT_A_UNIT for m in mods):
        return len(select(game, ctx, selector))
    zones = selector.get("zone", ("field",))
    players = game.state.players
    count = 0
    for seat in seats_for(ctx, game, selector.get("owner", "you")):
        held = players[seat].zones
        for zone in selected_zones(game, seat, zones):
            cards = held.get(zone)
            if cards:
                count += len(cards)
    return count


def _card_tests(game: Game, selector: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    """A selector's filters other than where it looks (`select` only visits the zones and
    seats `zone` and `owner` name, so every card it visits passes those two), each paired
    with its wanted value: looked up once per selection instead of once per card."""
    matchers = game.engine.filter_matchers
    return [(FILTERS[key], want) if key in FILTERS
            else (_plugin_test(matchers[key]), want)
            for key, want in selector.items() if key not in _WHERE_KEYS]


def _plugin_test(matcher: Any) -> Any:
    return lambda g, c, u, card, st, w: matcher(g, c, u, w)


def _names_its_state(game: Game, uid: Uid, has: Any) -> bool:
    """A filter `has = <state>` naming the very state that makes the card no unit (e.g.
    `has = "locked"`) still finds it: effects that address locked cards by that state."""
    if not isinstance(has, str):
        return False
    mods = game.state.modifiers
    states = {m[3] for m in mods if m[0] == uid and m[1] == NOT_A_UNIT}
    return any(m[0] == uid and m[1] == has and m[3] in states for m in mods)


def is_mapping(value: object) -> bool:
    """`isinstance(value, Mapping)` with the answers of a spec's usual values (a dict, a str,
    a number, a tuple) found at once: the abstract class's own check costs a few hundred
    instructions, at every trigger, reference and amount read."""
    if isinstance(value, dict):
        return True
    if isinstance(value, (str, int, tuple)):
        return False
    return isinstance(value, Mapping)


def resolve_ref(game: Game, ctx: Ctx, ref: Any) -> list[Uid]:
    """A reference: "self", a binding name, "event.<role>", a selector, or a list of these."""
    if isinstance(ref, tuple):
        out: list[Uid] = []
        for part in ref:
            out.extend(u for u in resolve_ref(game, ctx, part) if u not in out)
        return out
    if is_mapping(ref):
        return select(game, ctx, ref)
    if ref == "self":
        return [] if ctx.uid is None or not exists(game, ctx.uid) else [ctx.uid]
    if ref.startswith("event."):
        role = ref[len("event."):]
        key = "uid" if role == "subject" else f"{role}_uid"
        uid = (ctx.event or {}).get(key)
        return [] if uid is None or not exists(game, uid) else [uid]
    if ref in ("vanguard", "opponent_vanguard"):
        seat = ctx.seat if ref == "vanguard" else game.opponent(ctx.seat)
        vc = game.vanguard(seat)
        return [] if vc is None else [vc]
    bound = ctx.bindings.get(ref)
    if bound is None:
        return []
    return [u for u in bound if isinstance(u, int) and exists(game, u)]


def exists(game: Game, uid: Uid) -> bool:
    """False for a token that has ceased to exist: no reference names it any more."""
    return game.state.loc[uid][1] != Zone.CEASED


# -- filters -----------------------------------------------------------------------------


def card_matches(game: Game, ctx: Ctx, uid: Uid, spec: Mapping[str, Any]) -> bool:
    """Whether one card passes every key of a filter or selector."""
    card = game.card(uid)
    st = game.state
    return all(FILTERS[key](game, ctx, uid, card, st, want) if key in FILTERS
               else game.engine.filter_matchers[key](game, ctx, uid, want)
               for key, want in spec.items())


def filter_matches(game: Game, ctx: Ctx, uid: Uid | None, want: Any) -> bool:
    """A card role in a trigger or condition: "self", a filter table, or a function."""
    if uid is None:
        return False
    if want == "self":
        return uid == ctx.uid
    if isinstance(want, _FN_REF):
        return bool(game.scripts.call(want, ctx, candidate=uid))
    return card_matches(game, ctx, uid, want)


def _in(value: Any, want: Any) -> bool:
    return value in want if isinstance(want, tuple) else value == want


def _order_type_is(order_type: str | None, want: Any) -> bool:
    """`"set"` names every set order (a Prison, a World), the other words their own type."""
    wanted = want if isinstance(want, tuple) else (want,)
    return order_type in wanted or ("set" in wanted and order_type in SET_ORDER_TYPES)


def _grade(game: Game, uid: Uid) -> int:
    """The current grade of a unit on the field; the printed grade elsewhere."""
    if game.on_field(uid):
        return game.grade(uid)
    return game.card(uid).grade or 0


def _unit_stat(game: Game, uid: Uid, stat: str) -> int:
    return getattr(game, stat)(uid)


def _owner(game: Game, ctx: Ctx, uid: Uid, want: str) -> bool:
    """"you", "opponent" (the seat you face: never a tag teammate) or "any"."""
    seat = game.state.loc[uid][0]
    return want == "any" or seat == (ctx.seat if want == "you" else game.opponent(ctx.seat))


def _card_owner(game: Game, ctx: Ctx, uid: Uid, want: str) -> bool:
    """Who owns the card, wherever it lies (an imprisoned card lies on its jailer's side)."""
    owner = game.state.owners[uid]
    return want == "any" or owner == (ctx.seat if want == "you" else game.opponent(ctx.seat))


FILTERS: Final[dict[str, Any]] = {
    "owner": lambda g, c, u, card, st, w: _owner(g, c, u, w),
    "card_owner": lambda g, c, u, card, st, w: _card_owner(g, c, u, w),
    "zone": lambda g, c, u, card, st, w: zone_matches(g, st.loc[u][0], st.loc[u][1], w),
    "name": lambda g, c, u, card, st, w: any(_in(n, w) for n in g.names(u)),
    "name_has": lambda g, c, u, card, st, w: any(w in n for n in g.names(u)),
    "grade": lambda g, c, u, card, st, w: _in(_grade(g, u), w),
    "grade_min": lambda g, c, u, card, st, w: _grade(g, u) >= amount_of(g, c, w),
    "grade_max": lambda g, c, u, card, st, w: _grade(g, u) <= amount_of(g, c, w),
    "clan": lambda g, c, u, card, st, w: _in(card.clan, w),
    "nation": lambda g, c, u, card, st, w: _in(card.nation, w),
    "race": lambda g, c, u, card, st, w: _in(card.race, w),
    "trigger": lambda g, c, u, card, st, w: (card.trigger is not None) == w
    if isinstance(w, bool) else _in(card.trigger, w),
    "kind": lambda g, c, u, card, st, w: _in(card.kind, w),
    "order_type": lambda g, c, u, card, st, w: _order_type_is(card.order_type, w),
    "unit": lambda g, c, u, card, st, w: card.is_unit == w,
    "sentinel": lambda g, c, u, card, st, w: card.sentinel == w,
    "persona_ride": lambda g, c, u, card, st, w: card.persona_ride == w,
    "face": lambda g, c, u, card, st, w: st.face_up[u] == (w == "up"),
    "rested": lambda g, c, u, card, st, w: st.rested[u] == w,
    "row": lambda g, c, u, card, st, w: _row(g, u) == w,
    "circle": lambda g, c, u, card, st, w: circle_of(g, st.loc[u][1]) in w,
    "self": lambda g, c, u, card, st, w: (u == c.uid) == w,
    "not_self": lambda g, c, u, card, st, w: (u != c.uid) == w,
    "in": lambda g, c, u, card, st, w: u in c.bindings.get(w, ()),
    "not_in": lambda g, c, u, card, st, w: u not in c.bindings.get(w, ()),
    "power_min": lambda g, c, u, card, st, w: _unit_stat(g, u, "power") >= amount_of(g, c, w),
    "power_max": lambda g, c, u, card, st, w: _unit_stat(g, u, "power") <= amount_of(g, c, w),
    "attacked": lambda g, c, u, card, st, w: (st.battle is not None and (
        st.battle["target"] == u or [u, st.loc[u][1]] in st.battle.get("targets", ()))) == w,
    "where": lambda g, c, u, card, st, w: bool(g.scripts.call(w, c, candidate=u)),
    "has": lambda g, c, u, card, st, w: g.on_field(u) and g.has(u, w),
    "not": lambda g, c, u, card, st, w: not filter_matches(g, c, u, w),
    "same_column": lambda g, c, u, card, st, w: _same_column(g, c, u, w),
    "same_name": lambda g, c, u, card, st, w: _same_name(g, c, u, w),
}


def column_of(game: Game, uid: Uid) -> tuple[Seat, int] | None:
    """(seat, column) of a card on a circle (column 0 is the vanguard's, -1 its player's left,
    1 their right); None off the circles (GC, hand…)."""
    seat, zone = game.state.loc[uid]
    layout = game.state.players[seat].circles.get(circle_of(game, zone))
    return None if layout is None else (seat, layout[1])


def _same_column(game: Game, ctx: Ctx, uid: Uid, ref: Any) -> bool:
    """In the column of a card the reference names. Columns face each other across the
    table: a player's left column (-1) is the one opposite the other player's right (1)."""
    here = column_of(game, uid)
    if here is None:
        return False
    for other in resolve_ref(game, ctx, ref):
        there = column_of(game, other)
        if there is not None and here[1] == (there[1] if there[0] == here[0] else -there[1]):
            return True
    return False


def _same_name(game: Game, ctx: Ctx, uid: Uid, ref: Any) -> bool:
    """Shares a name with a card the reference names (every name each has now)."""
    names = {n for other in resolve_ref(game, ctx, ref) for n in game.names(other)}
    return any(n in names for n in game.names(uid))


def _row(game: Game, uid: Uid) -> str | None:
    seat, zone = game.state.loc[uid]
    layout = game.state.players[seat].circles.get(circle_of(game, zone))
    return layout[0] if layout else None


# -- conditions --------------------------------------------------------------------------


def condition_holds(game: Game, ctx: Ctx, cond: Any) -> bool:
    """Every key of a declarative condition holds (or the function returns true)."""
    if cond is None:
        return True
    if isinstance(cond, _FN_REF):
        return bool(game.scripts.call(cond, ctx))
    for key, value in cond.items():
        if key not in _CONDITION_OPTIONS and not CONDITIONS[key](game, ctx, cond, value):
            return False
    return True


_CONDITION_OPTIONS: Final = frozenset(("min", "max", "player"))  # how a condition key is read


def _count_condition(game: Game, ctx: Ctx, cond: Mapping[str, Any], selector: Any) -> bool:
    return _within(count_selected(game, ctx, selector), cond)


def _within(n: int, cond: Mapping[str, Any]) -> bool:
    """`n` is at least the condition's `min` (default 1) and at most its `max`, if any."""
    return n >= cond.get("min", 1) and ("max" not in cond or n <= cond["max"])


def _this_turn(game: Game, ctx: Ctx, cond: Mapping[str, Any], when: Any) -> bool:
    return _within(count_this_turn(game, ctx, when), cond)


COMPARISONS: Final[dict[str, Any]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "~=": lambda a, b: a != b, ">=": lambda a, b: a >= b, ">": lambda a, b: a > b,
}


def _compare(game: Game, ctx: Ctx, spec: Mapping[str, Any]) -> bool:
    left, right = amount_of(game, ctx, spec["left"]), amount_of(game, ctx, spec["right"])
    return bool(COMPARISONS[spec["op"]](left, right))


def _player(game: Game, ctx: Ctx, cond: Mapping[str, Any]) -> Seat:
    return game.opponent(ctx.seat) if cond.get("player") == "opponent" else ctx.seat


def in_state(game: Game, seat: Seat, name: str) -> bool:
    """Whether a player is in a state now: entered by a step (a turn state lasts only through
    that turn; a battle state is removed when the battle ends, `Game.end_modifiers`), or given
    by a CONT ability while it applies (`{op = "state"}`)."""
    states = game.state.players[seat].flags.get("states")
    since = states.get(name) if states else None
    if since is not None and (since < 0 or since == game.state.turn):
        return True
    if not _cont_may_give(game, name):
        return False  # no CONT of this game gives that state (asked at every guard step)
    return _cont_state_reader()(game, seat, name)


def may_be_in_state(game: Game, seat: Seat, name: str) -> bool:
    """False when nothing can put the player in the state now — no step entered it and no
    CONT of this game (nor a granted ability) can give it: `in_state`'s cheap half, for a
    caller with work to do before the CONT layer is read (d-era's Alchemagic)."""
    states = game.state.players[seat].flags.get("states")
    return bool(states and name in states) or _cont_may_give(game, name)


def _cont_may_give(game: Game, name: str) -> bool:
    """Whether a printed CONT of this game, or one effects granted, can give a state."""
    return name in game.index.cont_states or name in game.granted_changes()


_IN_CONT_STATE: Callable[[Game, Seat, str], bool] | None = None


def _cont_state_reader() -> Callable[[Game, Seat, str], bool]:
    """continuous.in_cont_state, imported on first use (continuous imports this module).
    Kept here: an import statement in `in_state` cost ~8 k instructions a call compiled."""
    global _IN_CONT_STATE
    if _IN_CONT_STATE is None:
        from vgcore.continuous import in_cont_state

        _IN_CONT_STATE = in_cont_state
    return _IN_CONT_STATE


def damage_of(game: Game, seat: Seat) -> int:
    """A player's own damage ("your damage"); limit break counts the team (`team_damage`)."""
    return len(game.state.players[seat].zones[Zone.DAMAGE])


def turn_of(game: Game, ctx: Ctx, which: str) -> Seat:
    """Whose turn "yours" / "opponents" names: in tag fight a teammate's turn is neither."""
    return ctx.seat if which == "yours" else game.opponent(ctx.seat)


def _attacking(game: Game, ctx: Ctx) -> bool:
    b = game.state.battle
    return b is not None and b["attacker"] == ctx.uid


def _boosted(game: Game, ctx: Ctx) -> bool:
    b = game.state.battle
    return b is not None and b["attacker"] == ctx.uid and b["booster"] is not None


def _boosting(game: Game, ctx: Ctx) -> bool:
    """This card boosts the attack of the battle going on (until the battle ends)."""
    b = game.state.battle
    return b is not None and b["booster"] is not None and b["booster"] == ctx.uid


CONDITIONS: Final[dict[str, Any]] = {
    "all": lambda g, c, cond, v: all(condition_holds(g, c, x) for x in v),
    "any": lambda g, c, cond, v: any(condition_holds(g, c, x) for x in v),
    "not": lambda g, c, cond, v: not condition_holds(g, c, v),
    "count": _count_condition,
    "damage_min": lambda g, c, cond, v: damage_of(g, _player(g, c, cond)) >= v,
    "limit_break": lambda g, c, cond, v: g.team_damage(c.seat) >= v,
    "turn": lambda g, c, cond, v: g.state.turn_player == turn_of(g, c, v),
    "state": lambda g, c, cond, v: in_state(g, _player(g, c, cond), v),
    "self_row": lambda g, c, cond, v: c.uid is not None and _row(g, c.uid) == v,
    "phase": lambda g, c, cond, v: g.state.phase in v,
    "in_battle": lambda g, c, cond, v: (g.state.battle is not None) == v,
    "went_first": lambda g, c, cond, v: (g.state.first_player == _player(g, c, cond)) == v,
    "attacking": lambda g, c, cond, v: _attacking(g, c) == v,
    "boosted": lambda g, c, cond, v: _boosted(g, c) == v,
    "boosting": lambda g, c, cond, v: _boosting(g, c) == v,
    "vanguard": lambda g, c, cond, v: filter_matches(g, c, g.vanguard(_player(g, c, cond)), v),
    "this_turn": _this_turn,
    "compare": lambda g, c, cond, v: _compare(g, c, v),
}


def amount_of(game: Game, ctx: Ctx, amount: Any, target: Uid | None = None) -> int:
    """A number in a declaration: an int, a function, or a table — a count of cards, a card's
    stat, the stat of the unit being changed (`target`), or a player's open circles — then
    divided by `per` (rounding down: "for each N") and multiplied by `times`."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, _FN_REF):
        return game.scripts.amount(amount, ctx)
    if "bound" in amount:  # how many cards this resolution bound under a name (e.g. paid)
        base = len(ctx.bindings.get(amount["bound"], ()))
    elif "count" in amount:
        base = count_selected(game, ctx, amount["count"])
    elif "stat" in amount:
        base = sum(stat_of(game, u, amount["stat"])
                   for u in resolve_ref(game, ctx, amount.get("of", "self")))
    elif "own" in amount:
        base = 0 if target is None else stat_of(game, target, amount["own"])
    else:
        base = open_circles(game, _player(game, ctx, amount), amount["open_circles"])
    return base // amount.get("per", 1) * amount.get("times", 1)


def uses_target(amount: Any) -> bool:
    """Whether an amount is worked out for each unit it changes (`own`)."""
    return is_mapping(amount) and "own" in amount


def stat_of(game: Game, uid: Uid, stat: str) -> int:
    """A card's stat now: the current value on the field, the printed one elsewhere."""
    if game.on_field(uid):
        return int(getattr(game, stat)(uid))
    if stat == "drive":
        return 0
    return getattr(game.card(uid), stat) or 0


def open_circles(game: Game, seat: Seat, words: Iterable[str]) -> int:
    """How many of a player's circles among the zone words have no unit."""
    circles = game.state.players[seat].circles
    return sum(1 for name in zone_names(game, seat, words)
               if name in circles and game.unit_at(seat, name) is None)


def front_row(game: Game, uid: Uid) -> bool:
    return _row(game, uid) == FRONT
