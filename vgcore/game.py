"""A game of Vanguard driven through decisions: the OpenSpiel-shaped facade and the loop.

`Game` pairs a shared `Engine` (the compiled rules of a format) with a `GameState` (plain
data). The procedure is a stack of frames (DESIGN.md §2): `_advance` runs the top frame until
one asks a question or the game ends; `apply` takes the answer and runs on. Nothing else moves
the game, so clones, JSON snapshots and replays are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from vgcore.abilities import GameIndex, changed_by, collect_triggers
from vgcore.actions import Move
from vgcore.carddb import CardRecord
from vgcore.continuous import cont_delta
from vgcore.decisions import Action, Decision, as_action
from vgcore.decks import DeckList
from vgcore.engine import Engine
from vgcore.errors import (
    ActionSyntaxError,
    BudgetExhausted,
    CardDataError,
    GameOverError,
    IllegalActionError,
    ScriptError,
    SeatError,
)
from vgcore.eventdicts import ANSWER, NUMBERS, PRIVATE_ANSWER, SHARED_NUMBERS
from vgcore.events import STATS
from vgcore.framekind import FrameKind
from vgcore.history import TurnHistory
from vgcore.layout import Layout, layout_of
from vgcore.limits import (
    LOG_LIMIT,
    STEP_LIMIT,
    AnswerMark,
    LimitReached,
    check_decision_limit,
    count_answer,
    resolving_cards,
)
from vgcore.rng import Pcg32
from vgcore.scripting.declarations import Ability
from vgcore.scripting.host import ScriptHost
from vgcore.selectors import Ctx, active_in, condition_holds
from vgcore.state import Event, Frame, GameState, PlayerState
from vgcore.types import (
    GC,
    STANDARD_CIRCLES,
    STATE_SINCE,
    TOKEN,
    VC,
    CircleName,
    Seat,
    Uid,
    Until,
    Zone,
)
from vgcore.views import build_view

if TYPE_CHECKING:
    import random

    from vgcore.engine import MoveZones
    from vgcore.plugins import Registry

# Names imported from interpreted modules are looked up in this module's dict at every read;
# kept as Final they are the compiled module's own constants (read at every event).
_NUMBERS: Final = NUMBERS
_ANSWER: Final = ANSWER
_PRIVATE_ANSWER: Final = PRIVATE_ANSWER
NOTHING_GRANTED: Final[frozenset[str]] = frozenset()  # granted_changes with no grant


class Game:
    """One game. Drive it with `legal_actions()`/`apply()`; read it with `view(seat)`."""

    __slots__ = (
        "_index",
        "_index_base",
        "_scripts",
        "answer_mark",
        "answers_logged",
        "cont_busy",
        "cont_cache",
        "cont_memo",
        "engine",
        "field_zones",
        "frames",
        "granted_cache",
        "history_cache",
        "in_procedure",
        "layouts",
        "limits",
        "log_limit",
        "moves",
        "pick_refs",
        "placed_memo",
        "probing",
        "read_failures",
        "records",
        "resolution_mark",
        "rules_dirty",
        "script_budget",
        "script_left",
        "script_warnings",
        "selected_zones",
        "state",
        "state_cache",
        "step_budget",
        "telling_moves",
        "zone_names",
    )

    def __init__(self, engine: Engine, state: GameState) -> None:
        self.engine = engine
        self.state = state
        # The engine's tables read at every card, frame and field test, at hand (the engine
        # is an interpreted object: each read through it is an attribute lookup).
        self.records = cast("dict[str, CardRecord]", engine.records)
        self.frames: dict[str, FrameKind] = engine.frames
        self.field_zones: frozenset[str] = engine.field_zones
        self.rules_dirty = False
        # Derived from the state, never part of it: built on demand (the ability index is
        # shared with clones and the engine's other games of the same card ids).
        self._index: GameIndex | None = None
        # The index before this game created a card (a token): the next one extends it.
        self._index_base: GameIndex | None = None
        self._scripts: ScriptHost | None = None
        # (version, {stat: {unit: what CONT abilities add}}), each stat worked out when read
        # whole; one unit's reads keep "unit:<stat>" and "others:<stat>" (cont_delta)
        self.cont_cache: tuple[int, dict[str, dict[int, int]]] | None = None
        self.answers_logged = 0  # `decision` events logged through this object (cont_version)
        self.cont_busy = False
        # Each printed CONT ability's last result in a layer and the key it was read under
        # (vgcore.contkeys): {(layer, uid, ability number): (key, result)}.
        self.cont_memo: dict[tuple[str, int | None, int], tuple[Any, list[Any]]] = {}
        # Player states CONT abilities give (a World's Dark Night), cached like cont_cache.
        self.state_cache: tuple[int, frozenset[tuple[str, str]]] | None = None
        # What CONT abilities effects gave can change (granted_changes), cached like cont_cache.
        self.granted_cache: tuple[int, frozenset[str]] | None = None
        self.history_cache: TurnHistory | None = None  # this turn's events (vgcore.history)
        # A choice's candidates' answer refs (vgcore.steps.pick_refs): the candidate list,
        # the chooser and the version they were worked out at, and the refs by card.
        self.pick_refs: tuple[list[int], str, int, dict[int, str]] | None = None
        # Each seat's Layout, kept with the very circles dict it was made for and its size
        # then (circles are only ever added, `add_circle`).
        self.layouts: dict[Seat, tuple[dict[CircleName, tuple[str, int]], int, Layout]] = {}
        # GameIndex.placed's zone names by (list, seat), kept the same way.
        self.zone_names: dict[tuple[str, Seat], tuple[dict[CircleName, tuple[str, int]], int,
                                                      tuple[frozenset[str], tuple[str, ...]]]] = {}
        # GameIndex.placed's last answer by list: the index, the seats asked about, and the
        # answer (forgotten when one of the list's cards moves, `actions.move`, or a circle
        # is made, `add_circle`).
        self.placed_memo: dict[str, tuple[GameIndex, tuple[Seat, ...],
                                          list[tuple[int, Ability]]]] = {}
        # A selector's zone names by (seat, zone words), kept the same way.
        self.selected_zones: dict[tuple[Seat, tuple[str, ...]],
                                  tuple[dict[CircleName, tuple[str, int]], int,
                                        tuple[str, ...]]] = {}
        self.script_warnings: list[ScriptError] = []  # failures seen while only reading
        # Failures met by reads outside the procedure (a view, an agent's look): never logged
        # and never cached, so that how often a game is looked at cannot change it.
        self.read_failures = 0
        # Card moves not yet told to the zone listeners (only recorded when there are some);
        # told after the next event, so always empty at a decision.
        self.moves: list[Move] = []
        self.telling_moves = False
        self.answer_mark: AnswerMark | None = None  # answers in this turn (vgcore.limits)
        self.resolution_mark: AnswerMark | None = None  # resolutions in this turn (the same)
        # Runaway-game limits (vgcore.limits), kept beside the state: the Lua instructions
        # card functions may still spend before the next question (reset at every answer),
        # and whether the procedure is running (then a limit met ends the game).
        limits = engine.format.limits
        # The format's limits (`formats.GameLimits`), and the two read at every answer, at
        # hand here rather than three attribute lookups away (engine.format.limits.…).
        self.limits: Any = limits
        self.script_budget: int = limits.script_instructions_per_decision
        self.step_budget: int = limits.steps_per_decision
        self.script_left = self.script_budget
        self.log_limit = limits.log_events
        self.in_procedure = False
        # A probe (vgcore.snapshots) stops at its first question: `ask` raises `Asked`.
        self.probing = False

    def __repr__(self) -> str:
        st = self.state
        if st.result is not None:
            where = f"over: {st.result} ({self.result_reason})"
        else:
            d = st.decision
            asking = f", {d.seat} to answer {d.kind}" if d is not None else ""
            when = f"turn {st.turn} ({st.turn_player}'s), {st.phase}" if st.turn else "set-up"
            where = when + asking
        return f"<Game {self.engine.format.id} {where}>"

    @property
    def index(self) -> GameIndex:
        """Which cards of this game have which abilities (built on first use, or shared with
        the engine's other games of the same cards: it depends on the card ids alone)."""
        if self._index is None:
            self._index = self.engine.game_index(self, self._index_base)
            self._index_base = None
        return self._index

    @property
    def scripts(self) -> ScriptHost:
        """This game's own Lua runtime for the functions card scripts declare (lazy)."""
        if self._scripts is None:
            self._scripts = ScriptHost(self)
        return self._scripts

    def drop_scripts(self) -> None:
        """Let the game's Lua runtime go (made again if a script runs). The runtime points
        back at its game — the one reference cycle a game holds — so a host done with a
        game calls this and the game is freed the moment it is dropped, not by a later
        cycle collection that frees every such game at once (docs/performance.md)."""
        self._scripts = None

    def ability(self, card_id: str, number: int) -> Ability:
        script = self.index.scripts.get(card_id)
        if script is None:  # a card that joined the game later (a token)
            return self.engine.ability(card_id, number)
        return script.abilities[number - 1]

    def ability_for(self, ref: dict[str, Any]) -> Ability:
        """The ability a pending ability (or a `while`) names: printed, or granted by an effect
        (then declared inside the granting ability's step, found by its path)."""
        grant = ref.get("grant")
        if not grant:
            return self.ability(ref["card"], ref["ab"])
        return self.declared_in(self.state.flags["granted"][grant])

    def declared_in(self, entry: Mapping[str, Any]) -> Ability:
        """The ability a grant's entry names: declared inside the step found by `path` in the
        ability `by`."""
        node: Any = self.ability_for(entry["by"]).spec
        for part in entry["path"]:
            node = node[part]
        return node

    def grant_ability(self, uid: Uid, by: Mapping[str, Any], path: list[Any], until: str) -> None:
        st = self.state
        table = st.flags.setdefault("granted", {})
        seq = st.flags.get("grant_seq", 0) + 1
        st.flags["grant_seq"] = seq
        key = f"g{seq}"
        table[key] = {"uid": uid, "by": dict(by), "path": list(path), "until": until}
        seat, circle = st.loc[uid]
        self.emit("grant_ability", seat=seat, circle=circle, card=st.card_ids[uid], uid=uid,
                  until=until, grant=key)

    def give_player_ability(self, seat: Seat, by: Mapping[str, Any], path: list[Any],
                            until: str, *, source: str) -> None:
        """A player gets an ability (a CONT declared inside a `give_player` step) for a
        duration. Kept beside the units' grants (one flag read on the hot path); views show
        each player theirs (views.player_view)."""
        st = self.state
        seq = st.flags.get("grant_seq", 0) + 1
        st.flags["grant_seq"] = seq
        key = f"p{seq}"
        st.flags.setdefault("player_granted", {})[key] = {
            "seat": seat, "by": dict(by), "path": list(path), "until": until}
        self.emit("give_player", seat=seat, until=until, source=source, grant=key)

    def granted_changes(self) -> frozenset[str]:
        """What the CONT abilities effects gave to units or players can change now: the stats,
        restrictions and skills their effects modify, grant or take, and the player states
        they give — worked out once per event, like the CONT layers. Reading any other stat
        skips the CONT layer: a player who keeps "+10000 to your vanguards" for the rest of
        the game (D-BT01-016) changes nothing about a unit's shield or "cannot be hit"."""
        flags = self.state.flags
        if not (flags.get("granted") or flags.get("player_granted")):
            return NOTHING_GRANTED
        version = self.cont_version
        cached = self.granted_cache
        if cached is not None and cached[0] == version:
            return cached[1]
        names: set[str] = set()
        for _key, _uid, ability in self.granted():
            if ability.kind == "cont":
                names.update(changed_by(ability.spec["effects"]))
        for _seat, ability in self.player_abilities():
            if ability.kind == "cont":
                names.update(changed_by(ability.spec["effects"]))
        found = frozenset(names)
        self.granted_cache = (version, found)
        return found

    @property
    def cont_version(self) -> int:
        """What the CONT caches are keyed on: the number of events logged, answers left out.
        Every change to the game logs an event, and an answer changes nothing by itself (what
        it makes happen logs its own events; cards cannot name `decision` events), so values
        read just before and just after an answer is logged share one computation."""
        return len(self.state.log) - self.answers_logged

    def player_abilities(self) -> list[tuple[Seat, Ability]]:
        """(player, ability) for every ability effects gave to players."""
        table = self.state.flags.get("player_granted")
        if not table:
            return []
        return [(entry["seat"], self.declared_in(entry)) for entry in table.values()]

    def granted(self) -> list[tuple[str, Uid, Ability]]:
        """(grant key, unit, ability) for every ability effects gave to units now on the field."""
        table = self.state.flags.get("granted")
        if not table:
            return []
        return [(key, entry["uid"], self.ability_for({"grant": key}))
                for key, entry in table.items()]

    def drop_grants(self, *, uid: Uid | None = None, until: str | None = None) -> None:
        table = self.state.flags.get("granted")
        if not table:
            return
        for key in [k for k, e in table.items()
                    if (uid is not None and e["uid"] == uid) or (until is not None
                                                                and e["until"] == until)]:
            del table[key]

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def new(cls, engine: Engine, decks: Mapping[Seat, DeckList], seed: int = 0, *,
            first_player: Seat | None = None) -> Game:
        """Set up a game from two deck lists and run it to the first decision (RULES.md §4)."""
        game = cls(engine, empty_state(engine, seed))
        st = game.state
        for seat in st.seats:
            deck = decks[seat]
            game.deal(deck.main, seat, Zone.DECK)
            game.deal(deck.ride_deck, seat, Zone.RIDE_DECK)
            st.players[seat].flags["first_vanguard"] = deck.first_vanguard
        chosen = first_player or engine.format.first_player
        st.flags["first_player_rule"] = chosen
        st.stack.append({"k": "game", "s": 0})
        engine.hook.vgcore_setup_game(game=game, decks=decks)
        game.advance()
        return game

    def deal(self, card_ids: Sequence[str], seat: Seat, zone: str) -> None:
        """Bring a deck list's cards into a seat's zone face down, in order: what
        `create_card` does for each, in one pass (every game deals a hundred cards)."""
        for card_id in dict.fromkeys(card_ids):
            self._check_new_card(card_id, seat, zone)
        st = self.state
        first, count = len(st.card_ids), len(card_ids)
        st.card_ids.extend(card_ids)
        st.owners.extend([seat] * count)
        st.loc.extend([(seat, zone)] * count)
        st.face_up.extend([False] * count)
        st.rested.extend([False] * count)
        st.players[seat].zones[zone].extend(range(first, first + count))
        self._index = None

    def _check_new_card(self, card_id: str, seat: Seat, zone: str) -> None:
        if card_id not in self.engine.db:
            raise CardDataError(f"unknown card id {card_id!r}")
        if self.engine.db[card_id].kind == TOKEN and not self.is_field(seat, zone):
            raise CardDataError(f"{card_id} is a token: it exists only on the field (VC, RC, "
                                f"GC), not in {zone!r}")

    def create_card(self, card_id: str, seat: Seat, zone: str, *, face_up: bool = True,
                    rested: bool = False) -> Uid:
        """Bring a physical card into the game (set-up, scenarios, tokens)."""
        self._check_new_card(card_id, seat, zone)
        st = self.state
        uid = len(st.card_ids)
        st.card_ids.append(card_id)
        st.owners.append(seat)
        st.loc.append((seat, zone))
        st.face_up.append(face_up)
        st.rested.append(rested)
        st.players[seat].zones[zone].append(uid)
        if self._index is not None:
            self._index_base = self._index
        self._index = None
        return uid

    # -- the facade (OpenSpiel-shaped) ------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.state.decision

    @property
    def current_player(self) -> Seat | None:
        d = self.state.decision
        return d.seat if d is not None else None

    @property
    def is_terminal(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> str | None:
        """The winning team ("A" or "B"; in a duel each seat is its own team), "draw", or
        None while the game goes on."""
        return self.state.result

    def legal_actions(self) -> list[Action]:
        d = self.state.decision
        return list(d.options) if d is not None else []

    def returns(self) -> list[float]:
        """+1 / -1 / 0 per seat in seat order once the game is over; zeros before. Every
        member of the winning team gets +1 (tag fight)."""
        res = self.state.result
        teams = self.engine.seat_layout.teams
        return [0.0 if res in (None, "draw") else (1.0 if teams[s] == res else -1.0)
                for s in self.state.seats]

    def apply(self, answer: object, seat: object = None) -> None:
        """Answer the pending decision; an illegal answer raises and changes nothing.

        The contract for answers from outside (docs/architecture.md "Answers"): whoever
        relays players' answers (a host, `vgcore play`, a scenario) passes the answering
        `seat`, and an answer from a seat that is not being asked is refused without naming
        the other seat's options. Without `seat` no seat is checked: that is for code that
        answers for whoever is asked (agents, tests). An answer is one of the decision's
        options, matched exactly: an `Action`, its action string (ASCII blanks around it and
        runs of spaces between words are the only normalisation, and `equivalent_option`'s
        shorthand for abilities, SCENARIOS.md §1), or an
        option's index (an `int`, not a bool). Anything else raises `IllegalActionError`
        listing the legal answers, the state unchanged. (`answer` and `seat` are typed
        `object` because they come from outside: the compiled engine checks declared types
        at the call, which would turn a wrong type into a TypeError instead of this refusal.)
        """
        st = self.state
        d = st.decision
        if d is None:
            raise GameOverError("the game is over" if st.result else "no decision is pending")
        if seat is not None and seat != d.seat:
            if seat not in st.seats:
                raise IllegalActionError(shown(answer), [], f"unknown seat {seat!r}")
            raise IllegalActionError(shown(answer), [], f"{d.seat} is being asked, not {seat}")
        action = read_answer(d, answer)
        mark = count_answer(self)
        st.decision = None
        secret = d.kind in PRIVATE_DECISIONS or d.data.get("private")
        self.script_left = self.script_budget
        self.in_procedure = True
        try:
            self.log_answer(d.seat, d.kind, action, forced=False, secret=bool(secret))
            try:
                self._answer(action)
            except ScriptError as exc:
                self.script_failed(exc)
        except LimitReached as reached:
            self.runaway(reached)
        finally:
            self.in_procedure = False
        self.advance()
        self.script_left = self.script_budget  # reading until the next answer: anew
        check_decision_limit(self, mark)

    def concede(self, seat: Seat, reason: str = "concede") -> None:
        """`seat` gives up (RULES.md §9); the game ends at once, whatever is pending. A host
        names why a seat forfeits from outside the rules (FORFEITS: out of time, gone)."""
        if self.state.result is not None:
            raise GameOverError("the game is over")
        if reason not in FORFEITS:
            raise ValueError(f"a seat forfeits by one of {', '.join(FORFEITS)}, not {reason!r}")
        self._check_seat(seat)
        self.end_game({seat: reason})

    def clone(self) -> Game:
        twin = Game(self.engine, self.state.clone())
        # The ability index is read-only and derived from the card ids the copy shares:
        # search agents clone thousands of times per decision, so it is not rebuilt.
        twin._index = self._index
        return twin

    def cards_changed(self) -> None:
        """Card ids were edited in place (a determinization deals hidden cards anew), or
        where cards are (`GameState.loc`) was edited other than through `actions.move`: the
        data derived from them is rebuilt on next use."""
        self._index = self._index_base = None
        self.cont_cache = None
        self.state_cache = None
        self.pick_refs = None
        self.cont_memo = {}  # kept by (uid, ability number): the uid may hold another card now
        self.placed_memo = {}

    def resample(self, seat: Seat, rng: random.Random) -> Game:
        """A new game consistent with everything `seat` can know (its view and the public
        history), the cards it cannot identify dealt anew and the PRNG re-seeded from `rng`:
        a determinization for search agents (vgcore.determinize). `self` is unchanged."""
        from vgcore.determinize import resample

        return resample(self, seat, rng)

    def view(self, seat: Seat, *, log: bool = True, since: object = 0) -> dict[str, Any]:
        """What `seat` may know, as JSON-able data (views.py). `log=False` leaves the event
        log out; `since=n` gives only the events numbered n and after (the view's
        `next_event` is the n to ask for next time)."""
        self._check_seat(seat)
        return self._view(seat, log, since)

    def spectator_view(self, *, log: bool = True, since: object = 0) -> dict[str, Any]:
        """What anyone watching may know: public information only (its `seat` is None);
        `log` and `since` as for `view`."""
        return self._view(None, log, since)

    def _view(self, seat: Seat | None, log: bool, since: object) -> dict[str, Any]:
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise ValueError(f"since must be an event number (an int >= 0), got {since!r}")
        if since and not log:
            raise ValueError("since= selects events of the log; it cannot go with log=False")
        return build_view(self, seat, log=log, since=since)

    def _check_seat(self, seat: object) -> None:
        if seat not in self.state.seats:
            raise SeatError(f"unknown seat {seat!r}; the seats are "
                             + ", ".join(self.state.seats))

    def to_json(self) -> dict[str, Any]:
        """A JSON-able snapshot of the whole game (`Registry.load`/`Game.load` restore it)."""
        data: dict[str, Any] = {"format": self.engine.format.id, "state": self.state.to_json()}
        if self.engine.extra_plugins:
            data["plugins"] = list(self.engine.extra_plugins)
        return data

    def snapshot_text(self) -> str:
        """`to_json()` as JSON text, encoded straight from the live state (no copy, and
        msgspec rather than json: about ten times faster), for hosts that save games often."""
        import msgspec

        data: dict[str, Any] = {"format": self.engine.format.id,
                                "state": self.state.to_json(copy=False)}
        if self.engine.extra_plugins:
            data["plugins"] = list(self.engine.extra_plugins)
        return msgspec.json.encode(data).decode()

    @classmethod
    def load(cls, registry: Registry, snapshot: Mapping[str, Any] | str) -> Game:
        """Restore a `to_json()` snapshot (or its JSON text) with the registry's engine for
        its format; the same as `registry.load(snapshot)`."""
        return registry.load(snapshot)

    @classmethod
    def from_json(cls, engine: Engine, data: Mapping[str, Any]) -> Game:
        """Restore a snapshot on a given engine (`load` finds the engine itself). The snapshot
        is untrusted: anything malformed or inconsistent raises `SnapshotError` naming it
        (vgcore.snapshots lists what is checked)."""
        from vgcore.snapshots import check_decision, check_snapshot, probe_answers

        check_snapshot(engine, data)
        game = cls(engine, GameState.from_json(data["state"]))
        check_decision(game)
        probe_answers(game)
        return game

    # -- the procedure loop -----------------------------------------------------------------

    def advance(self) -> None:
        """Run frames until a decision is pending or the game is over; a runaway-game limit
        met on the way ends the game as a draw (vgcore.limits)."""
        outer = self.in_procedure
        self.in_procedure = True
        try:
            self._run_frames()
        except LimitReached as reached:
            self.runaway(reached)
        finally:
            self.in_procedure = outer

    def _run_frames(self) -> None:
        st = self.state
        frames = self.frames
        budget = self.step_budget
        if self.moves:
            self.tell_moves()  # moves an answer made without an event after them
        while st.decision is None and st.result is None:
            if not st.stack:
                raise RuntimeError("procedure stack ran empty before the game ended")
            frame = st.stack[-1]
            kind = frames[frame["k"]]
            if self.rules_dirty and kind.checks_rules:
                self.check_rules()  # RULES.md §9: at check timing, never mid-resolution
                continue
            if st.pending and kind.interruptible and not frame.get("hold"):
                st.stack.append({"k": "check_timing"})  # RULES.md §8
                continue
            try:
                kind.run(self, frame)
            except ScriptError as exc:
                self.script_failed(exc)
            if self.moves:
                self.tell_moves()
            if self.script_warnings:
                warnings, self.script_warnings = self.script_warnings, []
                for warning in warnings:
                    self.tolerate(warning)
            if self.rules_dirty and st.stack and frames[st.stack[-1]["k"]].checks_rules:
                self.check_rules()  # before the question a handler may just have asked
            budget -= 1
            if budget == 0:
                raise LimitReached(STEP_LIMIT, self.step_budget,
                                   resolving_cards(self))

    def push(self, frame: Frame) -> None:
        self.state.stack.append(frame)

    def pop(self) -> Frame:
        return self.state.stack.pop()

    def ask(self, seat: Seat, kind: str, prompt: str, options: list[Action], *,
            optional: bool = False, data: dict[str, Any] | None = None) -> None:
        """Put a question to `seat`; a single answer that is not a "may" is taken at once."""
        st = self.state
        if self.probing:
            st.decision_seq += 1
            raise Asked(self, seat, kind, prompt, list(options), 1, 1, optional, data or {})
        if not options:
            raise RuntimeError(f"decision {kind!r} for {seat} has no legal answer")
        st.decision_seq += 1
        if len(options) == 1 and not optional:
            secret = kind in PRIVATE_DECISIONS or bool(data and data.get("private"))
            self.log_answer(seat, kind, options[0], forced=True, secret=secret)
            self._answer(options[0])
            return
        st.decision = Decision(st.decision_seq, seat, kind, prompt, options,
                               optional=optional, data=data or {})

    def _answer(self, action: Action) -> None:
        frame = self.state.stack[-1]
        handler = self.frames[frame["k"]].answer
        if handler is None:
            raise RuntimeError(f"frame {frame['k']!r} asked a question it cannot take")
        handler(self, frame, action)

    def log_answer(self, seat: Seat, question: str, action: Action, *, forced: bool,
                   secret: bool) -> None:
        """Log an answer, asked or forced: a `decision` event (a private one when the
        question was). What `emit` does, less the AUTO abilities: no card can name this
        event (it is no event kind of theirs), and answers are a quarter of a game's log."""
        st = self.state
        log = st.log
        n = len(log)
        if n >= self.log_limit:
            raise LimitReached(LOG_LIMIT, self.log_limit)
        # A copy of a str-keyed dict made by the interpreter is as compact (a display built
        # here would have a general key table: eventdicts), and filling its keys keeps it so.
        data = (_PRIVATE_ANSWER if secret else _ANSWER).copy()
        data["seat"] = seat
        data["question"] = question
        data["answer"] = str(action)
        data["forced"] = forced
        data["n"] = _NUMBERS[n] if n < SHARED_NUMBERS else n
        if secret:
            data["private"] = seat
        log.append(data)
        self.answers_logged += 1
        listeners = (self._index or self.index).listeners.get("decision")
        if listeners:
            for listener in listeners:
                listener(self, data)
        if self.moves:
            self.tell_moves()
        if event_tap is not None:
            event_tap(self, data)

    def emit(self, kind: str, private: Seat | list[Seat] | None = None,
             **data: Any) -> None:
        """Log an event (`private`: the seat or seats that may read its card fields) and
        make the AUTO abilities it triggers pending."""
        st = self.state
        log = st.log
        n = len(log)
        if n >= self.log_limit and kind != "game_over":
            raise LimitReached(LOG_LIMIT, self.log_limit)
        data["kind"] = kind
        data["n"] = _NUMBERS[n] if n < SHARED_NUMBERS else n
        if private is not None:
            data["private"] = private
        if len(data) > COMPACT_FROM:  # built by compiled code: a larger table (eventdicts)
            compact: dict[str, Any] = {}  # filled one key at a time: the str-keyed table
            for key, value in data.items():  # (a compiled loop: no item tuples, unlike
                compact[key] = value  # `dict(data.items())`, three times the work)
            data = compact
        log.append(data)
        index = self._index or self.index
        listeners = index.listeners.get(kind)
        if listeners:
            for listener in listeners:
                listener(self, data)
            index = self._index or self.index  # a listener may have made a card
        if st.result is None and (
                kind in index.autos
                or (index.self_autos and data.get("uid") in index.self_autos.get(kind, ()))
                or st.flags.get("granted")):
            collect_triggers(self, data)  # nothing triggers once the game is over
        if self.moves:
            self.tell_moves()
        if event_tap is not None:
            event_tap(self, data)

    def tell_moves(self) -> None:
        """Tell the zone listeners of the card moves made since they last heard, in order
        (moves that listeners make join the queue; hook `vgcore_zone_listeners`), each
        listener only of the moves it declared it hears (`engine.hears_moves`)."""
        if self.telling_moves:
            return
        self.telling_moves = True
        moves = self.moves
        told = 0
        try:
            listeners = self.index.zone_listeners
            while told < len(moves):
                done = moves[told]
                told += 1
                if done.zone == Zone.CEASED:
                    self.emit("token_ceased", seat=done.from_seat, card=self.state.card_ids[
                        done.uid], uid=done.uid, to=done.sent_to, from_seat=done.from_seat,
                        **{"from": done.from_zone})
                for listener, zones in listeners:
                    if zones is None or self._hears(done, zones):
                        listener(self, done)
        finally:
            if told == len(moves):
                self.moves = []  # (a new list: mypyc calls `clear` as a Python method)
            else:  # a listener failed: the moves not yet told stay queued
                del moves[:told]
            self.telling_moves = False

    def _hears(self, move: Move, zones: MoveZones) -> bool:
        """Whether a move is out of or into one of a zone listener's zones."""
        froms, tos = zones
        return bool((froms and active_in(self, move.from_seat, move.from_zone, froms))
                    or (tos and active_in(self, move.seat, move.zone, tos)))

    def script_failed(self, error: ScriptError) -> None:
        """A card script failed while resolving: strict engines raise; otherwise the failing
        ability ends, an event records why, and the game goes on (DESIGN.md §6)."""
        if self.engine.strict:
            raise error
        st = self.state
        at = max((i for i, f in enumerate(st.stack) if f["k"] == "resolve"), default=None)
        readers = self.script_error_readers(
            error, st.stack[at]["pa"].get("uid") if at is not None else None)
        if at is not None:
            del st.stack[at:]
        elif st.stack and st.stack[-1]["k"] == "check_timing":
            # The pending abilities cannot be ordered (e.g. a precedence cycle): drop them.
            st.pending = []
            st.stack.pop()
        st.decision = None
        self.emit("script_error", card=error.card_id, file=error.file, line=error.line,
                  message=error.message, private=readers)

    def script_error_readers(self, error: ScriptError,
                             uid: Uid | None = None) -> Seat | list[Seat] | None:
        """`private=` for a script error's event: its card, file, line and message name the
        failing card, so only the seats that may know that card read them — the card itself
        when it is known, else every copy of its id in the game (a hand card's failing
        trigger filter must not tell the opponent what is in that hand)."""
        from vgcore.views import private_to, seers

        st = self.state
        if uid is not None and 0 <= uid < len(st.card_ids):
            copies = [uid]
        else:
            copies = [u for u, card_id in enumerate(st.card_ids) if card_id == error.card_id]
        readers = set(st.seats)
        for copy in copies:
            readers &= seers(self, copy)
        return private_to(self, readers)

    def tolerate(self, error: ScriptError, *, reading: bool = False) -> None:
        """A card script failed outside a resolution (a trigger filter, an ACT offer, a CONT):
        strict engines raise; otherwise the failing ability simply does not apply, and the
        error is logged once. A failure the procedure meets while only reading values (CONT)
        is logged at its next step, so that reading never changes the state mid-step; one
        met by a read from outside the procedure (a view, an agent) is not logged at all."""
        if self.engine.strict:
            raise error
        if reading and (not self.in_procedure or isinstance(error, BudgetExhausted)):
            # A view's or an agent's read between answers (or one past the reads' own
            # budget): the game would not have met this failure unobserved, so it is neither
            # logged nor may what was read around it be cached (continuous.py checks this
            # count); the procedure meets the failure itself when it reads the same value.
            self.read_failures += 1
            return
        key = error_key(error)
        seen = self.state.flags.get("script_errors", ())
        if key in seen:
            return
        if reading:  # once each, however often the game is read before the next step
            if all(error_key(w) != key for w in self.script_warnings):
                self.script_warnings.append(error)
            return
        self.state.flags["script_errors"] = [*seen, key]
        self.emit("script_error", card=error.card_id, file=error.file, line=error.line,
                  message=error.message, private=self.script_error_readers(error))

    def explain_pending(self) -> list[str]:
        """Why each pending ability is, or is not yet, offered at check timing."""
        from vgcore.ordering import explain

        return explain(self)

    def check_rules(self) -> None:
        """Rule actions (RULES.md §9): every loser at once; two losers draw. The loop calls
        this only at check timing (`FrameKind.checks_rules`), so losses that one resolution
        caused are judged together once it ends."""
        self.rules_dirty = False
        losers: dict[Seat, str] = {}
        for name, check in self.engine.rule_checks.items():
            for seat, reason in check(self):
                losers.setdefault(seat, reason or name)
        if losers:
            self.end_game(losers)

    def end_game(self, losers: Mapping[Seat, str]) -> None:
        """A player who loses takes their team with them (tag fight, RULES.md §9 and §13):
        the teammates are added to the losers with the reason "team". One team left is the
        winner; none left (every team lost at once) is a draw."""
        st = self.state
        teams = self.engine.seat_layout.teams
        losing = {teams[s] for s in losers}
        everyone = dict(losers)
        for seat in st.seats:
            if teams[seat] in losing:
                everyone.setdefault(seat, "team")
        alive = [t for t in self.engine.seat_layout.team_ids() if t not in losing]
        st.result = alive[0] if len(alive) == 1 else "draw"
        st.decision = None
        self.emit("game_over", result=st.result, losers=everyone)

    def runaway(self, reached: LimitReached) -> None:
        """A runaway-game limit was met (vgcore.limits): a draw naming the reason, the limit
        and the cards involved; whatever was in the middle of happening stops there."""
        details: dict[str, Any] = {"limit": reached.limit}
        if reached.cards:
            details["cards"] = reached.cards
        self.end_in_draw(reached.reason, **details)

    def end_in_draw(self, reason: str, **details: Any) -> None:
        """The game ends as a draw that no player lost: a game-length limit (vgcore.limits)
        was met. The `game_over` event carries the reason (and its details, e.g. the limit)."""
        st = self.state
        st.result = "draw"
        st.decision = None
        self.emit("game_over", result="draw", losers={}, reason=reason, **details)

    @property
    def result_reason(self) -> str | None:
        """Why the game ended, None while it goes on: a limit's name for a draw by a
        game-length limit ("turn_limit", "decision_limit", "step_limit", "resolution_limit",
        "pending_limit", "script_limit", "log_limit"), else why the losing seats lost
        ("damage", "deck_out", "concede", "card effect"; several joined by ", ")."""
        if self.state.result is None:
            return None
        for event in reversed(self.state.log):
            if event["kind"] == "game_over":
                if "reason" in event:
                    return str(event["reason"])
                reasons = [r for r in event["losers"].values() if r != "team"]
                return ", ".join(dict.fromkeys(reasons)) or None
        return None

    # -- queries ----------------------------------------------------------------------------

    def card(self, uid: Uid) -> CardRecord:
        return self.records[self.state.card_ids[uid]]

    def unit_at(self, seat: Seat, circle: CircleName) -> Uid | None:
        cards = self.state.players[seat].zones[circle]
        return cards[0] if cards else None

    def vanguard(self, seat: Seat) -> Uid | None:
        return self.unit_at(seat, VC)

    def circles(self, seat: Seat) -> dict[CircleName, tuple[str, int]]:
        return self.state.players[seat].circles

    def units(self, seat: Seat) -> Iterator[tuple[CircleName, Uid]]:
        """(circle, uid) for the seat's vanguard and rear-guards, in layout order."""
        zones = self.state.players[seat].zones
        for circle in self.state.players[seat].circles:
            cards = zones[circle]
            if cards:
                yield circle, cards[0]

    def rear_guards(self, seat: Seat) -> Iterator[tuple[CircleName, Uid]]:
        return ((c, u) for c, u in self.units(seat) if c != VC)

    def add_circle(self, seat: Seat, name: CircleName, row: str, column: int) -> None:
        """Create a circle on one player's field, now or mid-game (e.g. an accel circle)."""
        player = self.state.players[seat]
        if name in player.circles:
            raise ValueError(f"{seat} already has a circle {name!r}")
        player.circles[name] = (row, column)
        player.zones[name] = []
        self.placed_memo = {}  # a list's zone words ("RC") may now name one more zone

    def is_field(self, seat: Seat, zone: str) -> bool:
        """VC, RC (including circles created mid-game) and GC, and plugins' field zones."""
        return zone in self.state.players[seat].circles or zone in self.field_zones

    def on_field(self, uid: Uid) -> bool:
        """Whether a card is on the field now (`is_field` of where it is; a direct call where
        `is_field(*loc)` would be a generic call, compiled)."""
        seat, zone = self.state.loc[uid]
        return self.is_field(seat, zone)

    def layout(self, seat: Seat) -> Layout:
        """What the seat's field layout implies (vgcore.layout), worked out once per layout."""
        circles = self.state.players[seat].circles
        known = self.layouts.get(seat)
        if known is None or known[0] is not circles or known[1] != len(circles):
            known = self.layouts[seat] = (circles, len(circles), layout_of(circles))
        return known[2]

    def front_row(self, seat: Seat) -> tuple[CircleName, ...]:
        return self.layout(seat).front

    def behind(self, seat: Seat, circle: CircleName) -> CircleName | None:
        """The back-row circle in the same column as a front-row circle, if there is one."""
        return self.layout(seat).behind.get(circle)

    def column_partner(self, seat: Seat, circle: CircleName) -> CircleName | None:
        """The other circle of a circle's column (for moves), if there is one."""
        return self.layout(seat).other_row.get(circle)

    def names(self, uid: Uid) -> tuple[str, ...]:
        """The card's names now: the printed one, then any a plugin adds (hook
        `vgcore_name_providers`, e.g. a G unit also has its heart's name)."""
        printed = self.card(uid).name
        providers = (self._index or self.index).name_providers
        if not providers:
            return (printed,)
        extra = [n for f in providers for n in f(self, uid) if n != printed]
        return (printed, *dict.fromkeys(extra))

    def grade(self, uid: Uid) -> int:
        return (self.card(uid).grade or 0) + self._mods(uid, "grade")

    def power(self, uid: Uid) -> int:
        value = (self.card(uid).power or 0) + self._mods(uid, "power")
        battle = self.state.battle
        if battle is not None:
            value += self.battle_power(uid, battle)
        return value

    def battle_power(self, uid: Uid, battle: dict[str, Any]) -> int:
        """What the battle adds to a unit's power: its booster's power while it boosts, the
        guardians' shields while it is attacked (`power` and vgcore.unitstats share it)."""
        value = 0
        if uid == battle["attacker"] and battle["boost_applied"]:
            booster = battle["booster"]
            if booster is not None and self.state.loc[booster][1] == battle["booster_circle"]:
                value += self.power(booster)
        if uid == battle["target"] or "targets" in battle:
            value += self._guard_shields(battle, uid)
        return value

    def _guard_shields(self, battle: dict[str, Any], uid: Uid) -> int:
        """The shields guarding an attacked unit: every guardian's, or in a column battle
        those of the guardians that guard this unit (battle.py)."""
        guarding = battle.get("guarding")
        total = 0
        for guardian in self.state.players[battle["target_seat"]].zones[GC]:
            if guarding is None or guarding.get(str(guardian)) == uid:
                total += self.shield(guardian)
        return total

    def critical(self, uid: Uid) -> int:
        return (self.card(uid).critical or 0) + self._mods(uid, "critical")

    def shield(self, uid: Uid) -> int:
        return (self.card(uid).shield or 0) + self._mods(uid, "shield")

    def drive(self, uid: Uid) -> int:
        skills = self.skills(uid)
        base = 3 if "triple_drive" in skills else 2 if "twin_drive" in skills else 1
        return base + self._mods(uid, "drive")

    def skills(self, uid: Uid) -> set[str]:
        """Skill icons now: the printed one, plus gained, minus lost (`skill:<name>`)."""
        printed = self.card(uid).skill
        out = {printed} if printed else set()
        index = self._index or self.index
        if not self.state.modifiers and not index.stat_modifiers and not index.conts:
            return out
        for name, stat in SKILL_STATS.items():
            delta = self._mods(uid, stat)
            if delta > 0:
                out.add(name)
            elif delta < 0:
                out.discard(name)
        return out

    def has_skill(self, uid: Uid, name: str) -> bool:
        """Whether `name` is among `skills(uid)`, without building the set (boost and
        intercept are asked at every attack)."""
        delta = self._mods(uid, SKILL_STATS.get(name) or f"skill:{name}")
        return delta > 0 or (delta == 0 and self.card(uid).skill == name)

    def has(self, uid: Uid, what: str) -> bool:
        """Whether a restriction or state (e.g. "cannot_be_hit") applies to a unit now."""
        return self._mods(uid, what) > 0

    def may_have(self, what: str) -> bool:
        """Whether anything could give a unit this restriction or state now — a modifier
        naming it, a plugin's continuous modifier of it, a CONT ability that can change it,
        or abilities granted by effects — so that a question asking it of every unit on the
        field (the main phase's calls and moves) skips that when nothing could."""
        st = self.state
        for m in st.modifiers:
            if m[1] == what:
                return True
        index = self._index or self.index
        if index.modifiers_for(what) or (index.conts and what in index.cont_stats):
            return True
        return what in self.granted_changes()

    def _mods(self, uid: Uid, stat: str) -> int:
        """What modifiers, plugins' continuous modifiers and CONT abilities add to a stat
        (the hot path of every stat read: each source is skipped at once when it is empty)."""
        total = 0
        st = self.state
        if st.modifiers:
            for m in st.modifiers:
                if m[0] == uid and m[1] == stat:
                    if m[3].startswith("while:") and not self.while_holds(m[3]):
                        continue
                    total += m[2]
        index = self._index or self.index
        extras = index.modifiers_by_stat.get(stat)
        if extras is None:
            extras = index.modifiers_for(stat)
        for extra in extras:
            total += extra(self, uid, stat)
        if ((index.conts and stat in index.cont_stats and index.cont_reaches(stat, uid))
                or stat in self.granted_changes()):
            total += cont_delta(self, uid, stat)  # printed or granted CONT abilities
        return total

    def register_while(self, ctx: Ctx) -> str:
        """Remember the condition of a "while …" duration; modifiers name it by key."""
        st = self.state
        table = st.flags.setdefault("while", {})
        key = f"while:{len(table) + 1}"
        assert ctx.where is not None
        by, path = ctx.where
        table[key] = {"seat": ctx.seat, "uid": ctx.uid, "by": dict(by),
                      "path": [*path, "until", "while"]}
        return key

    def while_holds(self, key: str) -> bool:
        entry = self.state.flags.get("while", {}).get(key)
        if entry is None:
            return False
        node: Any = self.ability_for(entry["by"]).spec
        for part in entry["path"]:
            node = node[part]
        return condition_holds(self, Ctx(entry["seat"], entry["uid"]), node)

    def add_modifier(self, uid: Uid, stat: str, amount: int, until: str = Until.TURN,
                     source: str = "") -> None:
        """Change a unit's stat (or grant/remove a restriction or skill) for a duration."""
        self.state.modifiers.append((uid, stat, amount, until, source))
        seat, circle = self.state.loc[uid]
        if stat in STATS:
            self.emit(stat, seat=seat, circle=circle, card=self.state.card_ids[uid], uid=uid,
                      amount=amount, until=until, source=source)
        else:
            self.emit("grant" if amount > 0 else "lose", seat=seat, circle=circle,
                      card=self.state.card_ids[uid], uid=uid, what=stat, until=until,
                      source=source)

    def end_modifiers(self, until: str) -> None:
        """Effects with this duration end: modifiers and granted abilities."""
        if self.state.modifiers:
            self.state.modifiers = [m for m in self.state.modifiers if m[3] != until]
        self.drop_grants(until=until)
        table = self.state.flags.get("player_granted")
        if table and any(e["until"] == until for e in table.values()):
            self.state.flags["player_granted"] = {k: e for k, e in table.items()
                                                  if e["until"] != until}
        if until == Until.BATTLE:  # turn states expire by their turn number (selectors.in_state)
            for player in self.state.players.values():
                states = player.flags.get("states")
                battle = STATE_SINCE[Until.BATTLE]
                if states and battle in states.values():
                    player.flags["states"] = {k: v for k, v in states.items() if v != battle}

    def opponent(self, seat: Seat) -> Seat:
        """The seat that `seat` faces (tag fight: the one seated opposite)."""
        return self.engine.seat_layout.opponents[seat]

    def team(self, seat: Seat) -> str:
        """The team a seat plays for ("A" or "B"; in a duel the seat itself)."""
        return self.engine.seat_layout.teams[seat]

    def teammates(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats of `seat`'s team (none in a duel)."""
        return tuple(s for s in self.engine.team_members[seat] if s != seat)

    def team_damage(self, seat: Seat) -> int:
        """Damage cards of `seat`'s whole team: what the loss at `damage_to_lose`, the heal
        trigger's comparison and limit break count (RULES.md §13); in a duel, the seat's own."""
        members = self.engine.team_members[seat]
        players = self.state.players
        if len(members) == 1:
            return len(players[seat].zones[Zone.DAMAGE])
        return sum(len(players[s].zones[Zone.DAMAGE]) for s in members)


class Asked(Exception):
    """Raised by a probing game at its first question (vgcore.snapshots): the game, then the
    question's fields (seat, kind, prompt, options, min, max, optional, data)."""

    def __init__(self, game: Game, *args: Any) -> None:
        super().__init__(*args)
        self.game = game


# Called as event_tap(game, event) after every event any game logs, once the event has had its
# effects (nested events first): an observer outside the engine — the secrecy judge of
# tests/hostile/secrecy.py, a debugger. Set it on this module; it sees every game in the process.
# None (always, in play) costs one read per event.
event_tap: Callable[[Game, Event], None] | None = None

# An event of more keys than this (kind, n and private included) may have had six or more
# keyword arguments, which compiled callers pass in a general-keyed dict: `emit` logs a
# compact copy (see vgcore/eventdicts.py).
COMPACT_FROM: Final = 7

SKILL_NAMES: Final = ("boost", "intercept", "twin_drive", "triple_drive")
SKILL_STATS: Final = {name: f"skill:{name}" for name in SKILL_NAMES}  # what gains or loses each


def error_key(error: ScriptError) -> str:
    """What makes two script errors the same one (each is logged once)."""
    return f"{error.card_id}|{error.file}|{error.line}|{error.message}"


def read_answer(d: Decision, answer: object) -> Action:
    """The option an answer names, or IllegalActionError (see `Game.apply`)."""
    for option in d.options:
        if option is answer:  # one of the offered options itself (agents): nothing to read
            return option
    if answer.__class__ is int:
        assert isinstance(answer, int)
        if not 0 <= answer < len(d.options):
            raise IllegalActionError(str(answer), d.option_strings(), "no such option")
        return d.options[answer]
    if not isinstance(answer, str | Action) or isinstance(answer, bool):
        raise IllegalActionError(shown(answer), d.option_strings(),
                                 "an answer is an action string, an Action or an option's "
                                 f"index, not {type(answer).__name__}")
    try:
        action = as_action(answer)
    except ActionSyntaxError as exc:
        raise IllegalActionError(shown(answer), d.option_strings(), str(exc)) from None
    # The offered option itself, not the equal Action just read: whoever applies it next
    # (`Game.apply` after the host has read an answer) then finds it by identity.
    for option in d.options:
        if option == action:
            return option
    action = equivalent_option(action, d.options)
    for option in d.options:
        if option == action:
            return option
    raise IllegalActionError(str(action), d.option_strings())


def shown(answer: object) -> str:
    """An answer as an error message quotes it: cut short, whatever it is."""
    text = answer if isinstance(answer, str) else repr(answer)
    return text if len(text) <= 80 else text[:77] + "..."


def equivalent_option(action: Action, options: list[Action]) -> Action:
    """The one shorthand for an ability's option (SCENARIOS.md §1): `act X:1` names the
    option written `act X` (the card's only ability of the kind), and a bare `act X` names
    the one option `act X:<n>` offered for X. Any other number, or an extra word, names
    nothing."""
    if action.verb not in ("act", "resolve") or len(action.args) != 1:
        return action
    ref = action.args[0]
    if ref.endswith(":1") and Action(action.verb, (ref[:-2],)) in options:
        return Action(action.verb, (ref[:-2],))
    if ":" not in ref:
        numbered = [o for o in options if o.verb == action.verb and len(o.args) == 1
                    and o.args[0].rpartition(":")[0] == ref]
        if len(numbered) == 1:
            return numbered[0]
    return action


# Why a seat may lose from outside the rules: it gave up, its clock ran out, it left (a host).
FORFEITS: Final = ("concede", "time", "disconnect")
# Decisions whose answers reveal hidden cards: the answer is shown to the deciding seat only.
PRIVATE_DECISIONS: Final = frozenset({"mulligan", "first-vanguard"})


def empty_state(engine: Engine, seed: int) -> GameState:
    """A state with both seats' zones and standard circles and nothing in them."""
    players = {
        seat: PlayerState(seat, {name: [] for name in engine.zones}, dict(STANDARD_CIRCLES))
        for seat in engine.seat_layout.seats
    }
    return GameState(engine.seat_layout.seats, players, [], [], [], [], [], Pcg32(seed))


def events_of(game: Game, kind: str) -> list[Event]:
    return [e for e in game.state.log if e["kind"] == kind]
