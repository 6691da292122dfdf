"""An independent judge of what each seat may know, for the whole-playout leak tests.

`Witness` follows a game event by event (through the engine's `vgcore.game.event_tap`) and keeps,
for every seat, the cards whose identity that seat may legitimately know: the cards it can see
now by the zone rules (RULES.md §1: public zones face up, its own hand and ride deck, its own
face-down cards), the cards it could see just before this event (a card moving out of sight is
named by the event that moves it), and cards it was shown: its own looks at its deck, reveals
to everyone, the candidates of a search of its own deck. A shown card stays known until it
moves.

Everything the engine lets out towards a seat — its redacted events, its view, its decision —
must name only card ids among those; `Witness.leaks` lists what did not. An event's main card
(`card` with its `uid`) is judged by uid; other fields by id (a copy of the same card the seat
may know passes), so the tests give hidden and visible cards distinct ids where it matters.
An answer (`decision` event) is judged with what it then does, until a question is asked again
at its depth (`call X` puts X in view; `stride X` after its cost picks).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vgcore import game as game_module
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.state import Event
from vgcore.steps import PICK
from vgcore.types import TOKEN, Zone
from vgcore.views import redact
from vgcore.zones import can_see

# Zones a card reaches only by being used in full view: a gift pseudo-card ceases to exist
# into `gift_gone` instead of reaching the drop (vgcore_gifts).
PUBLIC_EXITS = frozenset({"gift_gone"})

# Events that follow an `ability` event and name the same card: a seat told the ability may be
# told how it ended, wherever its card has gone meanwhile.
AFTER_ABILITY = frozenset({"ability_resolved", "ability_fizzled", "ability_declined"})

WORD = re.compile(r"[A-Za-z0-9_-]+")


# The words JSON adds to a value's strings: its numbers, literals and keys written as numbers.
# No card id may look like one (Watching checks), so they never count as a card named.
JSON_WORD = re.compile(r"-?[0-9][0-9eE-]*|-?Infinity|NaN|true|false|null")


def words(value: Any) -> list[str]:
    """Every word of a JSON-able value (keys and strings), where card ids would show, in
    order, maybe with words of JSON_WORD's form among them (numbers, literals).

    A view is judged at every decision, so this is the judge's hottest loop: the value is
    written as JSON (in C) and searched at once, unless that text holds an escape (a string
    with a quote, a backslash or a control character, whose escape could join letters to a
    word) or the value is no JSON; then its strings are collected one by one, joined by a
    space (which no word holds) and searched."""
    try:
        text = json.dumps(value, ensure_ascii=False, check_circular=False)
    except (TypeError, ValueError):
        text = "\\"
    if "\\" not in text:
        return WORD.findall(text)
    texts: list[str] = []
    _texts(value, texts.append)
    return WORD.findall(" ".join(texts))


def _texts(value: Any, add: Callable[[str], None]) -> None:
    """Every string of a JSON-able value (keys and values), depth first, in order; numbers
    and the like are passed over without a call."""
    if isinstance(value, str):
        add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                add(key)
            elif isinstance(key, CONTAINERS):
                _texts(key, add)
            if isinstance(item, str):
                add(item)
            elif isinstance(item, CONTAINERS):
                _texts(item, add)
    elif isinstance(value, CONTAINERS):
        for item in value:
            if isinstance(item, str):
                add(item)
            elif isinstance(item, CONTAINERS):
                _texts(item, add)


CONTAINERS = (dict, list, tuple)


@dataclass
class Leak:
    seat: str
    card_id: str
    where: str

    def __str__(self) -> str:
        return f"{self.seat} was told {self.card_id} in {self.where}"


@dataclass
class Witness:
    game: Game
    ids: frozenset[str]
    shown: dict[str, dict[int, tuple[str, str]]] = field(default_factory=dict)
    before: dict[str, set[int]] = field(default_factory=dict)
    leaks: list[Leak] = field(default_factory=list)
    events: int = 0
    deferred: list[tuple[Event, int, Any, dict[str, set[str]]]] = field(default_factory=list)
    announced: dict[str, set[str]] = field(default_factory=dict)
    now: dict[str, set[int]] = field(default_factory=dict)  # visible cards, at one event

    def __post_init__(self) -> None:
        self.before = self.visible_to_each()
        for seat in self.game.state.seats:
            self.shown[seat] = {}
            self.announced[seat] = set()

    def visible(self, seat: str) -> set[int]:
        st, zones = self.game.state, self.game.engine.zones
        return {u for u, (_s, zone) in enumerate(st.loc)
                if zone in PUBLIC_EXITS or (zone not in zones and st.face_up[u])
                or (zone in zones
                    and can_see(zones[zone], st.face_up[u], st.owners[u] == seat))}

    def visible_to_each(self) -> dict[str, set[int]]:
        """`visible(seat)` of every seat, in one pass over the cards: a card is seen by
        everyone, by its owner only or by the others only, as `can_see` says for an owner and
        for anyone else."""
        st, zones = self.game.state, self.game.engine.zones
        seats = st.seats
        everyone: set[int] = set()
        own: dict[str, set[int]] = {seat: set() for seat in seats}
        others: dict[str, set[int]] = {seat: set() for seat in seats}
        sight: dict[tuple[str, bool], tuple[bool, bool]] = {}
        face_up, owners = st.face_up, st.owners
        for u, (_s, zone) in enumerate(st.loc):
            if zone in PUBLIC_EXITS:
                everyone.add(u)
                continue
            spec = zones.get(zone)
            if spec is None:
                if face_up[u]:
                    everyone.add(u)
                continue
            key = (zone, face_up[u])
            if key not in sight:
                sight[key] = (can_see(spec, face_up[u], True), can_see(spec, face_up[u], False))
            by_owner, by_other = sight[key]
            if by_owner and by_other:
                everyone.add(u)
            elif by_owner or by_other:
                owner = owners[u]
                if by_owner and owner in own:
                    own[owner].add(u)
                if by_other:
                    others.setdefault(owner, set()).add(u)
        result = {}
        for seat in seats:
            seen = everyone | own[seat]
            for owner, cards in others.items():
                if owner != seat:
                    seen |= cards
            result[seat] = seen
        return result

    def allowed(self, seat: str) -> set[int]:
        st = self.game.state
        now = self.now[seat] if self.now else self.visible(seat)
        kept = {u for u, loc in self.shown[seat].items() if st.loc[u] == loc}
        return now | self.before[seat] | kept

    def allowed_ids(self, seat: str) -> set[str]:
        st = self.game.state
        return {st.card_ids[u] for u in self.allowed(seat)}

    def check(self, seat: str, value: Any, where: str, *, ids: set[str] | None = None) -> None:
        ok = ids if ids is not None else self.allowed_ids(seat)
        db = self.game.engine.db
        for word in words(value):
            # A token's id is no secret: the effect that makes one names it in its text.
            if word in self.ids and word not in ok and db[word].kind != TOKEN:
                self.leaks.append(Leak(seat, word, where))

    # -- following the game -------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        """Judge one event as each seat receives it (after learning what a look or a reveal
        shows, which is the event's purpose), then keep what each seat saw."""
        self.events += 1
        st = self.game.state
        self.now = self.visible_to_each()
        self.remember_decks()
        names_cards = any(w in self.ids for w in words(event))
        if not names_cards:
            pass
        elif event["kind"] == "decision":
            # An answer is judged with what it then does (`call X` puts X on a circle in full
            # view, `stride X` after its cost): with what each seat may know at any event until
            # a question is asked again at the depth of the procedure that asked this one.
            self.deferred.append((event, len(st.stack), st.stack[-1] if st.stack else None,
                                  {s: self.allowed_ids(s) for s in st.seats}))
        else:
            self.learn(event)
            for seat in st.seats:
                extra = self.announced[seat] if event["kind"] in AFTER_ABILITY else None
                self.judge(seat, event, self.allowed(seat), extra)
                told = redact(event, seat, self.game.engine.event_card_fields)
                if event["kind"] == "ability" and "card" in told:
                    self.announced[seat].add(told["card"])
        if self.deferred:
            for seat in st.seats:
                ids = self.allowed_ids(seat)
                for _event, _depth, _frame, union in self.deferred:
                    union[seat] |= ids
        self.before = self.now
        self.now = {}

    def judge(self, seat: str, event: Event, allowed: set[int],
              extra: set[str] | None = None) -> None:
        st = self.game.state
        told = redact(event, seat, self.game.engine.event_card_fields)
        uid = event.get("uid")
        if isinstance(uid, int) and "card" in told and uid not in allowed and extra is None:
            self.leaks.append(Leak(seat, st.card_ids[uid], f"event {event}"))
        self.check(seat, told, f"event {event}",
                   ids={st.card_ids[u] for u in allowed} | (extra or set()))

    def judge_deferred(self, depth: int = 0, asking: Any = None) -> None:
        """Judge the answers given at `depth` or deeper (all of them by default), except one
        whose frame now asks the picks its answer began (a stride's cost)."""
        keep = []
        for event, asked, frame, union in self.deferred:
            if asked < depth or (frame is asking and PICK in frame):
                keep.append((event, asked, frame, union))
                continue
            for seat in self.game.state.seats:
                self.judge(seat, event, self.allowed(seat), union[seat])
        self.deferred = keep

    def remember_decks(self) -> None:
        """A card a seat saw go into a deck (its own card put on top, say) stays known to it
        until that deck is shuffled."""
        st = self.game.state
        for seat in st.seats:
            for u in self.before[seat]:
                if st.loc[u][1] == Zone.DECK and u not in self.shown[seat]:
                    self.shown[seat][u] = st.loc[u]

    def learn(self, event: Event) -> None:
        st = self.game.state
        kind = event["kind"]
        if kind == "look" and "private" in event:
            seat = event["private"]
            looked = st.players[event["seat"]].zones[event.get("zone", Zone.DECK)]
            for u in looked[:event["count"]]:
                self.show([seat], u)
        elif kind in ("reveal", "g_assist_found", "order") and isinstance(event.get("uid"), int):
            self.show(st.seats, event["uid"])
        elif kind == "g_assist":  # the G assist step reveals the hand (RULES.md §5)
            for u in st.players[event["seat"]].zones[Zone.HAND]:
                self.show(st.seats, u)
        elif kind == "shuffle":
            where = (event["seat"], event.get("zone", Zone.DECK))
            for known in self.shown.values():
                for u in [u for u, loc in known.items() if loc == where]:
                    del known[u]

    def show(self, seats: Any, uid: int) -> None:
        for seat in seats:
            self.shown[seat][uid] = self.game.state.loc[uid]

    def on_decision(self) -> None:
        """The asked seat's decision and every seat's view, judged at a question."""
        game, st = self.game, self.game.state
        d = st.decision
        # Nothing moves while the question is judged: what each seat sees now is found once.
        self.now = self.visible_to_each()
        if d is None:
            self.judge_deferred()
            self.now = {}
            return
        self.judge_deferred(len(st.stack), st.stack[-1])
        pick = st.stack[-1].get(PICK)
        if pick is not None:
            for u in pick["cands"]:  # a search of your own deck shows you its candidates
                if st.loc[u] == (pick["seat"], Zone.DECK):
                    self.show([pick["seat"]], u)
        for seat in st.seats:
            view = game.view(seat, log=False)
            ids = self.allowed_ids(seat)
            self.check(seat, view, f"the view at decision #{d.id} ({d.kind})", ids=ids)
        self.before = self.now
        self.now = {}


class Watching:
    """While active, games started through `new_game` get a `Witness` (made at their first
    event, once their cards exist) that judges each of their events as it is logged; other
    games (an agent's clones) are not followed."""

    def __init__(self, ids: frozenset[str]) -> None:
        assert not [i for i in ids if JSON_WORD.fullmatch(i)], "a card id reads as JSON"
        self.ids = ids
        self.witnesses: dict[int, Witness] = {}
        self.starting = False
        self.previous_tap: Any = None

    def of(self, game: Game) -> Witness:
        return self.witnesses[id(game)]

    def new_game(self, registry: Registry, *args: Any, **kwargs: Any) -> tuple[Game, Witness]:
        return self.start(registry.new_game, *args, **kwargs)

    def start(self, make: Callable[..., Game], *args: Any, **kwargs: Any) -> tuple[Game, Witness]:
        """Make a game (`Registry.new_game`, `game_from_board`…) and follow it."""
        self.starting = True
        try:
            game = make(*args, **kwargs)
        finally:
            self.starting = False
        return game, self.of(game)

    def __enter__(self) -> Watching:
        witnesses, ids = self.witnesses, self.ids

        def witness_of(game: Game) -> Witness | None:
            witness = witnesses.get(id(game))
            if witness is not None and witness.game is not game:
                witness = None
                del witnesses[id(game)]
            if witness is None and self.starting:
                witness = witnesses[id(game)] = Witness(game, ids)
            return witness

        def judge(game: Game, event: Event) -> None:
            witness = witness_of(game)
            if witness is not None:
                witness.on_event(event)

        # The engine's event tap sees every event once it has had its effects (answers too).
        self.previous_tap = game_module.event_tap
        game_module.event_tap = judge
        return self

    def __exit__(self, *exc: object) -> None:
        game_module.event_tap = self.previous_tap
