"""Selectors, card filters, references and conditions: how declarations name cards and facts.

Everything here only reads the game. A `Ctx` says from whose point of view ("you" is the
ability's controller), which card "self" is, which event triggered the ability and what the
effect has bound so far. Results are lists of uids in a deterministic order (seat order, then
zone order), so two runs of the same game choose the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vgcore.scripting.declarations import FnRef
from vgcore.types import FRONT, GC, VC, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Seat, Uid


@dataclass(slots=True)
class Ctx:
    """The point of view of one ability: controller, its card, its event, its bindings."""

    seat: Seat
    uid: Uid | None = None
    event: Mapping[str, Any] | None = None
    bindings: Mapping[str, Any] = field(default_factory=dict)
    where: tuple[Any, ...] | None = None  # (card id, ability number, step path) of the caller


# -- zones -------------------------------------------------------------------------------


def active_in(game: Game, seat: Seat, zone: str, zones: frozenset[str]) -> bool:
    """`zone_matches` for an ability's active zones, with the common answers first."""
    if zone in zones:
        return True
    if (zone not in game.state.players[seat].circles and zone != GC
            and zone not in game.engine.zone_circles):
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


def seats_for(ctx: Ctx, game: Game, owner: str) -> list[Seat]:
    if owner == "you":
        return [ctx.seat]
    if owner == "opponent":
        return [game.opponent(ctx.seat)]
    return list(game.state.seats)


# -- selection ---------------------------------------------------------------------------

NOT_A_UNIT = "not_a_unit"  # a modifier: this card on the field is no unit for effects


def select(game: Game, ctx: Ctx, selector: Mapping[str, Any]) -> list[Uid]:
    """Every card a selector names, in seat then zone order."""
    zones = selector.get("zone", ("field",))
    out: list[Uid] = []
    # Cards on the field that a state makes "not a unit" (e.g. a locked card) are not selected.
    mods = game.state.modifiers
    not_units = {m[0] for m in mods if m[1] == NOT_A_UNIT and m[2] > 0} if mods else ()
    for seat in seats_for(ctx, game, selector.get("owner", "you")):
        player = game.state.players[seat]
        for zone in zone_names(game, seat, zones):
            for uid in player.zones.get(zone, ()):
                if (not_units and uid in not_units and game.is_field(seat, zone)
                        and not _names_its_state(game, uid, selector.get("has"))):
                    continue
                if card_matches(game, ctx, uid, selector):
                    out.append(uid)
    return out


def _names_its_state(game: Game, uid: Uid, has: Any) -> bool:
    """A filter `has = <state>` naming the very state that makes the card no unit (e.g.
    `has = "locked"`) still finds it: effects that address locked cards by that state."""
    if not isinstance(has, str):
        return False
    mods = game.state.modifiers
    states = {m[3] for m in mods if m[0] == uid and m[1] == NOT_A_UNIT}
    return any(m[0] == uid and m[1] == has and m[3] in states for m in mods)


def resolve_ref(game: Game, ctx: Ctx, ref: Any) -> list[Uid]:
    """A reference: "self", a binding name, "event.<role>", a selector, or a list of these."""
    if isinstance(ref, tuple):
        out: list[Uid] = []
        for part in ref:
            out.extend(u for u in resolve_ref(game, ctx, part) if u not in out)
        return out
    if isinstance(ref, Mapping):
        return select(game, ctx, ref)
    if ref == "self":
        return [] if ctx.uid is None else [ctx.uid]
    if ref.startswith("event."):
        role = ref[len("event."):]
        key = "uid" if role == "subject" else f"{role}_uid"
        uid = (ctx.event or {}).get(key)
        return [] if uid is None else [uid]
    if ref in ("vanguard", "opponent_vanguard"):
        seat = ctx.seat if ref == "vanguard" else game.opponent(ctx.seat)
        vc = game.vanguard(seat)
        return [] if vc is None else [vc]
    bound = ctx.bindings.get(ref)
    if bound is None:
        return []
    return [u for u in bound if isinstance(u, int)]


# -- filters -----------------------------------------------------------------------------


def card_matches(game: Game, ctx: Ctx, uid: Uid, spec: Mapping[str, Any]) -> bool:
    """Whether one card passes every key of a filter or selector."""
    card = game.card(uid)
    st = game.state
    return all(FILTERS[key](game, ctx, uid, card, st, want) for key, want in spec.items())


def filter_matches(game: Game, ctx: Ctx, uid: Uid | None, want: Any) -> bool:
    """A card role in a trigger or condition: "self", a filter table, or a function."""
    if uid is None:
        return False
    if want == "self":
        return uid == ctx.uid
    if isinstance(want, FnRef):
        return bool(game.scripts.call(want, ctx, candidate=uid))
    return card_matches(game, ctx, uid, want)


def _in(value: Any, want: Any) -> bool:
    return value in want if isinstance(want, tuple) else value == want


def _grade(game: Game, uid: Uid) -> int:
    """The current grade of a unit on the field; the printed grade elsewhere."""
    if game.is_field(*game.state.loc[uid]):
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


FILTERS: dict[str, Any] = {
    "owner": lambda g, c, u, card, st, w: _owner(g, c, u, w),
    "card_owner": lambda g, c, u, card, st, w: _card_owner(g, c, u, w),
    "zone": lambda g, c, u, card, st, w: zone_matches(g, st.loc[u][0], st.loc[u][1], w),
    "name": lambda g, c, u, card, st, w: any(_in(n, w) for n in g.names(u)),
    "name_has": lambda g, c, u, card, st, w: any(w in n for n in g.names(u)),
    "grade": lambda g, c, u, card, st, w: _in(_grade(g, u), w),
    "grade_min": lambda g, c, u, card, st, w: _grade(g, u) >= w,
    "grade_max": lambda g, c, u, card, st, w: _grade(g, u) <= w,
    "clan": lambda g, c, u, card, st, w: _in(card.clan, w),
    "nation": lambda g, c, u, card, st, w: _in(card.nation, w),
    "race": lambda g, c, u, card, st, w: _in(card.race, w),
    "trigger": lambda g, c, u, card, st, w: (card.trigger is not None) == w
    if isinstance(w, bool) else _in(card.trigger, w),
    "kind": lambda g, c, u, card, st, w: _in(card.kind, w),
    "order_type": lambda g, c, u, card, st, w: _in(card.order_type, w),
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
    "power_min": lambda g, c, u, card, st, w: _unit_stat(g, u, "power") >= w,
    "power_max": lambda g, c, u, card, st, w: _unit_stat(g, u, "power") <= w,
    "attacked": lambda g, c, u, card, st, w: (st.battle is not None and (
        st.battle["target"] == u or [u, st.loc[u][1]] in st.battle.get("targets", ()))) == w,
    "where": lambda g, c, u, card, st, w: bool(g.scripts.call(w, c, candidate=u)),
    "has": lambda g, c, u, card, st, w: g.is_field(*st.loc[u]) and g.has(u, w),
}


def _row(game: Game, uid: Uid) -> str | None:
    seat, zone = game.state.loc[uid]
    layout = game.state.players[seat].circles.get(circle_of(game, zone))
    return layout[0] if layout else None


# -- conditions --------------------------------------------------------------------------


def condition_holds(game: Game, ctx: Ctx, cond: Any) -> bool:
    """Every key of a declarative condition holds (or the function returns true)."""
    if cond is None:
        return True
    if isinstance(cond, FnRef):
        return bool(game.scripts.call(cond, ctx))
    return all(CONDITIONS[key](game, ctx, cond, value) for key, value in cond.items()
               if key not in ("min", "max", "player"))


def _count_condition(game: Game, ctx: Ctx, cond: Mapping[str, Any], selector: Any) -> bool:
    n = len(select(game, ctx, selector))
    return n >= cond.get("min", 1) and ("max" not in cond or n <= cond["max"])


def _player(game: Game, ctx: Ctx, cond: Mapping[str, Any]) -> Seat:
    return game.opponent(ctx.seat) if cond.get("player") == "opponent" else ctx.seat


def _in_state(game: Game, seat: Seat, name: str) -> bool:
    from vgcore.steps import in_state

    return in_state(game, seat, name)


def damage_of(game: Game, seat: Seat) -> int:
    """A player's own damage ("your damage"); limit break counts the team (`team_damage`)."""
    return len(game.state.players[seat].zones[Zone.DAMAGE])


def _turn_of(game: Game, ctx: Ctx, which: str) -> Seat:
    """Whose turn "yours" / "opponents" names: in tag fight a teammate's turn is neither."""
    return ctx.seat if which == "yours" else game.opponent(ctx.seat)


def _attacking(game: Game, ctx: Ctx) -> bool:
    b = game.state.battle
    return b is not None and b["attacker"] == ctx.uid


def _boosted(game: Game, ctx: Ctx) -> bool:
    b = game.state.battle
    return b is not None and b["attacker"] == ctx.uid and b["booster"] is not None


CONDITIONS: dict[str, Any] = {
    "all": lambda g, c, cond, v: all(condition_holds(g, c, x) for x in v),
    "any": lambda g, c, cond, v: any(condition_holds(g, c, x) for x in v),
    "not": lambda g, c, cond, v: not condition_holds(g, c, v),
    "count": _count_condition,
    "damage_min": lambda g, c, cond, v: damage_of(g, _player(g, c, cond)) >= v,
    "limit_break": lambda g, c, cond, v: g.team_damage(c.seat) >= v,
    "turn": lambda g, c, cond, v: g.state.turn_player == _turn_of(g, c, v),
    "state": lambda g, c, cond, v: _in_state(g, _player(g, c, cond), v),
    "self_row": lambda g, c, cond, v: c.uid is not None and _row(g, c.uid) == v,
    "phase": lambda g, c, cond, v: g.state.phase in v,
    "in_battle": lambda g, c, cond, v: (g.state.battle is not None) == v,
    "attacking": lambda g, c, cond, v: _attacking(g, c) == v,
    "boosted": lambda g, c, cond, v: _boosted(g, c) == v,
    "vanguard": lambda g, c, cond, v: filter_matches(g, c, g.vanguard(_player(g, c, cond)), v),
}


def amount_of(game: Game, ctx: Ctx, amount: Any) -> int:
    """A number in a declaration: an int, {count = selector, times = n}, or a function."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, FnRef):
        return game.scripts.amount(amount, ctx)
    return len(select(game, ctx, amount["count"])) * amount.get("times", 1)


def front_row(game: Game, uid: Uid) -> bool:
    return _row(game, uid) == FRONT
