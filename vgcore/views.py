"""Per-seat views: the only way information leaves the engine (DESIGN.md §3).

A view is JSON-able and holds exactly what its seat may know: its own hand and ride deck,
public zones, face-down cards it owns, counts of everything else. Card uids never appear
(they would let a viewer track hidden cards), and events are redacted by rule: a private
event's card fields (events.CARD_FIELDS, plugins' `vgcore_event_card_fields`) reach only the
seats it names (docs/architecture.md "Views").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar
from weakref import WeakKeyDictionary

from vgcore.events import CARD_FIELDS
from vgcore.types import GC
from vgcore.unitstats import StatReader, unit_stats
from vgcore.zones import can_see

if TYPE_CHECKING:
    from vgcore.engine import Engine
    from vgcore.game import Game
    from vgcore.state import Event
    from vgcore.types import Seat, Uid

# Keys of a private event hidden whatever its kind's card fields (events.CARD_FIELDS) say.
SECRET_KEYS: Final = frozenset({"card", "cards", "answer"})
NO_FIELDS: Final[frozenset[str]] = frozenset()
# The top-level keys `observed_view` builds (all an observation reads).
OBSERVED_KEYS: Final = frozenset({"seat", "turn", "turn_player", "first_player", "phase", "result",
                           "decision", "players", "battle", "pending"})
F = TypeVar("F", bound=Callable[..., Any])


def build_view(game: Game, seat: Seat | None, *, log: bool = True,
               since: int = 0) -> dict[str, Any]:
    """`seat`'s view (None: a spectator's, public information only). The log holds the
    events numbered `since` and after (all by default; none with `log=False`); `next_event`
    is the number to pass as `since` next time, so that a caller asking at every decision
    receives each event once."""
    st = game.state
    view = view_head(game, seat)
    view["result_reason"] = game.result_reason
    view["decision"] = decision_view(game, seat)
    stats = StatReader(game)  # every unit's stats, read at one moment
    view["players"] = {s: player_view(game, s, seat, stats=stats) for s in st.seats}
    view["battle"] = battle_view(game)
    view["pending"] = pending_view(game, seat)
    if log:
        fields = game.engine.event_card_fields
        view["log"] = [redact(e, seat, fields) for e in (st.log[since:] if since else st.log)]
    view["next_event"] = len(st.log)
    run_view_hooks(game, seat, view, game.engine.view_impls)
    return view


def view_head(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The keys every view starts with: whose view it is and where the game stands."""
    st = game.state
    return {"seat": seat, "turn": st.turn, "turn_player": st.turn_player,
            "first_player": st.first_player, "phase": st.phase, "result": st.result}


def run_view_hooks(game: Game, seat: Seat | None, view: dict[str, Any],
                   impls: list[tuple[Callable[..., Any], tuple[str, ...]]]) -> None:
    """Plugins' `vgcore_view` implementations add to or edit the view."""
    if impls:
        args = {"game": game, "seat": seat, "view": view}
        for function, names in impls:
            function(**{n: args[n] for n in names})


def observed_view(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The part of `build_view(game, seat, log=False)` an observation reads (OBSERVED_KEYS;
    players without `flags`/`abilities`), built by the same helpers, so every value is the
    view's (tests/test_env_identity.py): the learning environments ask at every step and
    skip the rest. Plugin view hooks run too, but those marked `view_adds` with keys outside
    OBSERVED_KEYS (only adding what is not read here) are skipped."""
    st = game.state
    view = view_head(game, seat)
    view["decision"] = decision_view(game, seat)
    plans = zone_plans(game.engine)
    stats = StatReader(game)
    view["players"] = {s: player_view(game, s, seat, lean=True, plans=plans, stats=stats)
                       for s in st.seats}
    view["battle"] = battle_view(game)
    view["pending"] = pending_view(game, seat)
    run_view_hooks(game, seat, view, observed_hooks(game.engine))
    return view


def view_adds(*keys: str) -> Callable[[F], F]:
    """Mark a `vgcore_view` implementation that only adds these top-level keys to a view
    (and reads nothing another hook adds): `observed_view` skips it when none is read."""
    def mark(function: F) -> F:
        function.vgcore_view_adds = frozenset(keys)  # type: ignore[attr-defined]
        return function
    return mark


_OBSERVED_IMPLS: Final[
    WeakKeyDictionary[Engine, list[tuple[Callable[..., Any], tuple[str, ...]]]]] = (
        WeakKeyDictionary())


def observed_hooks(engine: Engine) -> list[tuple[Callable[..., Any], tuple[str, ...]]]:
    """The engine's view hooks `observed_view` runs: all but those only adding unread keys."""
    impls = _OBSERVED_IMPLS.get(engine)
    if impls is None:
        impls = _OBSERVED_IMPLS[engine] = [
            (function, names) for function, names in engine.view_impls
            if getattr(function, "vgcore_view_adds", OBSERVED_KEYS) & OBSERVED_KEYS]
    return impls


def decision_view(game: Game, seat: Seat | None) -> dict[str, Any] | None:
    d = game.state.decision
    if d is None:
        return None
    if d.seat != seat:
        return {"seat": d.seat, "kind": d.kind}
    return d.to_json()


def player_view(game: Game, owner: Seat, viewer: Seat | None, *, lean: bool = False,
                plans: ZonePlans | None = None,
                stats: StatReader | None = None) -> dict[str, Any]:
    """One player's side as `viewer` sees it; `lean` (observed_view) leaves out the public
    flags and the abilities effects gave, which no observation reads. `plans`: the engine's
    `zone_plans`, when the caller has them; `stats`: a `StatReader` of this moment, when the
    caller reads every player's side (one lookup of what all units' stats share)."""
    if stats is None:
        stats = StatReader(game)
    st = game.state
    player = st.players[owner]
    is_owner = owner == viewer
    held = player.zones
    markers = player.markers
    circles: dict[str, Any] = {}
    for circle in player.circles:
        cards: Sequence[int] = held[circle]
        unit = unit_view(game, cards[0], is_owner, stats) if cards else None
        marks = markers.get(circle)
        if marks:
            unit = {**(unit or {}), "markers": list(marks)}
        circles[circle] = unit
    card_ids, face_up = st.card_ids, st.face_up
    zones: dict[str, Any] = {}
    for name, down in (plans or zone_plans(game.engine))[is_owner]:
        if name in circles:
            continue
        cards = held.get(name) or ()
        if down is None:  # the zone shows this viewer a count only
            zones[name] = {"count": len(cards)}
        elif not cards:  # most zones, most of the time
            zones[name] = {"count": 0, "cards": []}
        elif down:  # face-down cards by id, marked
            zones[name] = {"count": len(cards), "cards": [
                card_ids[u] if face_up[u] else card_ids[u] + down for u in cards]}
        else:  # face-down cards only as "down"
            zones[name] = {"count": len(cards), "cards": [
                card_ids[u] if face_up[u] else "down" for u in cards]}
    zones[GC]["units"] = [unit_view(game, u, is_owner, stats) for u in held[GC]]
    out: dict[str, Any] = {"circles": circles, "zones": zones}
    if lean:
        return out
    out["flags"] = public_flags(player.flags)
    given = game.state.flags.get("player_granted")
    if given:  # abilities effects gave this player (public: the effect that gave them was)
        mine = [{"source": e["by"].get("card"), "until": e["until"]}
                for e in given.values() if e["seat"] == owner]
        if mine:
            out["abilities"] = mine
    return out


# Per zone of a view, how its face-down cards show (see zone_plans); by ownership.
ZonePlans = dict[bool, list[tuple[str, str | None]]]
_ZONE_PLANS: Final[WeakKeyDictionary[Engine, ZonePlans]] = WeakKeyDictionary()


def zone_plans(engine: Engine) -> ZonePlans:
    """(zone, how its face-down cards show) per view zone, for its owner (True) or anyone
    else: None when the zone shows a count only, "/down" when face-down cards show as
    `id/down`, "" when only as "down". can_see depends on the zone's spec and ownership
    only, so it is asked once per engine rather than per view."""
    plans = _ZONE_PLANS.get(engine)
    if plans is None:
        plans = _ZONE_PLANS[engine] = {
            is_owner: [(name, ("/down" if can_see(spec, False, is_owner) else "")
                        if can_see(spec, True, is_owner) else None)
                       for name, spec in engine.view_zones]
            for is_owner in (True, False)}
    return plans


def unit_view(game: Game, uid: Uid, is_owner: bool,
              stats: StatReader | None = None) -> dict[str, Any]:
    """A unit as a seat sees it: a face-down one's card to its owner only, and no stats.
    `stats`: a `StatReader` of this moment, when the caller has one."""
    st = game.state
    face_up = st.face_up[uid]
    if face_up:
        power, critical, shield, grade = (
            stats.stats(uid) if stats is not None else unit_stats(game, uid))
        return {"card": st.card_ids[uid], "face_up": face_up, "rested": st.rested[uid],
                "power": power, "critical": critical, "shield": shield, "grade": grade}
    return {"card": st.card_ids[uid] if is_owner else None, "face_up": face_up,
            "rested": st.rested[uid]}


def pending_view(game: Game, viewer: Seat | None) -> list[dict[str, Any]]:
    """Abilities waiting at check timing; one of a hidden card shows no card to others."""
    pending = game.state.pending
    if not pending:
        return []
    from vgcore.steps import hidden

    out = []
    for pa in pending:
        secret = pa["seat"] != viewer and hidden(game, pa["uid"])
        out.append({"seat": pa["seat"], "card": None if secret else pa["card"],
                    "ability": None if secret else pa["ab"]})
    return out


def battle_view(game: Game) -> dict[str, Any] | None:
    b = game.state.battle
    if b is None:
        return None
    out = {
        "attacker": f"{b['attacker_seat']}.{b['attacker_circle']}",
        "target": f"{b['target_seat']}.{b['target_circle']}",
        "booster": b["booster_circle"],
        "hit": b["hit"],
    }
    if "targets" in b:  # a column battle: every attacked unit's circle
        out["targets"] = [f"{b['target_seat']}.{circle}" for _, circle in b["targets"]]
    return out


def public_flags(flags: dict[str, Any]) -> dict[str, Any]:
    """Per-player flags are public unless their name starts with an underscore."""
    return {k: v for k, v in flags.items() if not k.startswith("_") and k != "first_vanguard"}


def redact(event: Event, seat: Seat | None,
           card_fields: Mapping[str, frozenset[str]] = CARD_FIELDS) -> Event:
    """An event as `seat` may see it: no uids, and a private event it may not read without
    the fields that name cards (its kind's `card_fields`, and `card`/`cards`/`answer`)."""
    if may_read(event, seat):  # most events: only the uids go
        return {k: v for k, v in event.items() if not k.endswith("uid") and k != "uids"}
    secret = SECRET_KEYS | card_fields.get(event["kind"], NO_FIELDS)
    return {k: v for k, v in event.items()
            if not k.endswith("uid") and k != "uids" and k not in secret}


def may_read(event: Event, seat: Seat | None) -> bool:
    """Whether `seat` may read a logged event's cards: `private` names the seat (or lists
    the seats) that may; without it, everyone may."""
    private = event.get("private")
    if private is None:
        return True
    if isinstance(private, str):
        return private == seat
    return seat in private


def seers(game: Game, uid: Uid) -> frozenset[Seat]:
    """The seats that may know a card's identity now, by the zone rules (RULES.md §1)."""
    return frozenset(s for s in game.state.seats if may_see(game, s, uid))


def may_see(game: Game, seat: Seat, uid: Uid) -> bool:
    """Whether one seat may know a card's identity now, by the zone rules (RULES.md §1)."""
    st = game.state
    spec = game.engine.zones.get(st.loc[uid][1])
    if spec is None:  # a zone no plugin described: its face-up cards are public
        return st.face_up[uid] or st.owners[uid] == seat
    return can_see(spec, st.face_up[uid], st.owners[uid] == seat)


def private_to(game: Game, seats: Iterable[Seat]) -> Seat | list[Seat] | None:
    """`private=` for an event that only `seats` may read: None when every seat may, the
    seat itself when it is one, else the list in seat order (possibly empty)."""
    readers = set(seats)
    order = game.state.seats
    if all(s in readers for s in order):
        return None
    listed = [s for s in order if s in readers]
    return listed[0] if len(listed) == 1 else listed


def readers_of(game: Game, uids: Iterable[Uid], *, also: Iterable[Seat] = ()) -> frozenset[Seat]:
    """The seats that may know every one of these cards (and the seats `also`, who were
    shown them)."""
    readers = frozenset(game.state.seats)
    for uid in uids:
        readers &= seers(game, uid)
    return readers | frozenset(also)
