"""Expectation keys of scenario files (SCENARIOS.md §3): what `expect:` and `check:` compare.

One implementation serves YAML scenarios and Python tests (`expect(game, {...})`), so a key
means the same thing everywhere. Keys are read against the game when they are checked, not
before: plugins may add circles and zones during a game (accel circles), and a key naming one
is valid once it exists. An unknown key or an ill-typed expected value is a `ScenarioError`
(the scenario is wrong); a value that differs is a `Mismatch` (the game is).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from vgcore.decisions import parse
from vgcore.errors import ActionSyntaxError, ScenarioError
from vgcore.game import Game
from vgcore.testing.board import FACE_DOWN_ZONES
from vgcore.types import GC, Seat, Uid, Zone
from vgcore.yamlio import describe

GAME_KEYS: Final = ("winner", "turn", "player", "phase", "events", "no_events", "options")
UNIT_STATS: Final = ("power", "critical", "shield", "rested", "drive", "grade")
ZONE_COUNTS: Final = ("count", "face_up", "face_down")
MAX_SHOWN_EVENTS: Final = 60


class ScenarioFailure(ScenarioError, AssertionError):
    """A scenario ran but did not go as written.

    `message` is one line (where, then the first mismatch, expected vs actual); `details`
    adds context for a full report: the pending decision and its legal answers, further
    mismatches of the same block. An AssertionError, so plain pytest tests report it as a
    failure rather than an error.
    """

    def __init__(self, message: str, details: Sequence[str] = ()) -> None:
        self.message = message
        self.details = list(details)
        super().__init__("\n".join([message, *(f"  {d}" for d in self.details)]))


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One expectation that does not hold: its key, the expected and the actual value."""

    key: str
    expected: Any
    actual: Any
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.key}: expected {show(self.expected)}, got {show(self.actual)}"
        return f"{text} ({self.note})" if self.note else text


def expect(game: Game, expectations: Mapping[str, Any]) -> None:
    """Assert scenario expectations on a game; raise ScenarioFailure naming the first mismatch."""
    found = mismatches(game, expectations)
    if found:
        raise ScenarioFailure(str(found[0]), [*(str(m) for m in found[1:]),
                                              *game_context(game)])


def mismatches(game: Game, expectations: Mapping[str, Any]) -> list[Mismatch]:
    """Every expectation of one block that does not hold, in the order written."""
    if not isinstance(expectations, Mapping):
        raise ScenarioError(f"expectations must be a mapping of keys to values, "
                            f"not {describe(expectations)}")
    found = []
    for key, expected in expectations.items():
        mismatch = compare(game, str(key), expected)
        if mismatch is not None:
            found.append(mismatch)
    return found


def compare(game: Game, key: str, expected: Any) -> Mismatch | None:
    """Check one expectation key; ScenarioError when the key or the value's type is wrong."""
    if key in GAME_KEYS:
        return GAME_CHECKS[key](game, key, expected)
    seat, _, rest = key.partition(".")
    st = game.state
    if seat not in st.seats or not rest:
        raise unknown_key(game, key)
    player = st.players[seat]
    if rest in player.circles:
        return compare_circle(game, key, seat, rest, expected)
    base, _, attr = rest.rpartition(".")
    if base in player.circles and attr in UNIT_STATS:
        return compare_stat(game, key, seat, base, attr, expected)
    if rest in player.zones:
        return compare_zone(game, key, seat, rest, expected)
    if base in player.zones and base not in player.circles and attr in ZONE_COUNTS:
        return compare_count(game, key, seat, base, attr, expected)
    raise unknown_key(game, key)


def known_keys(game: Game, seat: Seat) -> list[str]:
    """Every key one seat's side offers right now (used to suggest a fix for a typo)."""
    player = game.state.players[seat]
    keys = [*GAME_KEYS]
    for circle in player.circles:
        keys += [f"{seat}.{circle}", *(f"{seat}.{circle}.{s}" for s in UNIT_STATS)]
    for zone in player.zones:
        if zone not in player.circles:
            keys += [f"{seat}.{zone}", *(f"{seat}.{zone}.{c}" for c in ZONE_COUNTS)]
    return keys


def game_context(game: Game) -> list[str]:
    """Where the game stands: turn, phase and the pending decision with its legal answers."""
    st = game.state
    lines = [f"now: turn {st.turn}, {st.turn_player}'s {st.phase} phase"]
    if st.result is not None:
        lines.append(f"the game is over: winner {show(st.result)}")
    elif st.decision is not None:
        lines.append(describe_decision(game))
    return lines


def describe_decision(game: Game) -> str:
    """"B is asked 'guard'; legal answers: guard X, done" for the pending decision."""
    d = game.decision
    if d is None:
        return "no decision is pending" + (f" (winner: {show(game.result)})"
                                           if game.is_terminal else "")
    return f"{d.seat} is asked {d.kind!r}; legal answers: " + ", ".join(d.option_strings())


def show(value: Any) -> str:
    """A value as a scenario file writes it: null, true, [a, b]."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


def card_ref(game: Game, uid: Uid, zone: str) -> str:
    """A card as scenarios write it: its id, `/down` when face down in a zone that shows faces.

    Deck and ride deck cards lie face down by nature, so their face is not written.
    """
    card_id = game.state.card_ids[uid]
    if game.state.face_up[uid] or zone in FACE_DOWN_ZONES:
        return card_id
    return f"{card_id}/down"


# -- the game-wide keys ---------------------------------------------------------------------


def compare_winner(game: Game, key: str, expected: Any) -> Mismatch | None:
    """The winning team: a seat in a duel, "A" or "B" at a tag fight's table."""
    allowed = [*game.engine.seat_layout.team_ids(), "draw"]
    if expected is not None and expected not in allowed:
        raise ScenarioError(f"winner must be one of {', '.join(allowed)} or null, "
                            f"not {describe(expected)}")
    actual = game.state.result
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_turn(game: Game, key: str, expected: Any) -> Mismatch | None:
    need_int(key, expected)
    actual = game.state.turn
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_player(game: Game, key: str, expected: Any) -> Mismatch | None:
    if expected not in game.state.seats:
        raise ScenarioError(f"player must be one of {', '.join(game.state.seats)}, "
                            f"not {describe(expected)}")
    actual = game.state.turn_player
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_phase(game: Game, key: str, expected: Any) -> Mismatch | None:
    phases = list(dict.fromkeys(s.phase for s in game.engine.turn_steps))
    if expected not in phases:
        raise ScenarioError(f"phase must be one of {', '.join(phases)}, not {describe(expected)}")
    actual = game.state.phase
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_events(game: Game, key: str, expected: Any) -> Mismatch | None:
    """The kinds occur in this order, with anything between them (a subsequence of the log)."""
    wanted = need_str_list(key, expected)
    kinds = [e["kind"] for e in game.state.log]
    position = 0
    for i, kind in enumerate(wanted):
        found = next((n for n in range(position, len(kinds)) if kinds[n] == kind), None)
        if found is None:
            after = f" after {wanted[i - 1]!r} (log #{position - 1})" if i else ""
            return Mismatch(key, wanted, shown_kinds(kinds),
                            f"no {kind!r} event{after}")
        position = found + 1
    return None


def compare_no_events(game: Game, key: str, expected: Any) -> Mismatch | None:
    banned = set(need_str_list(key, expected))
    for event in game.state.log:
        if event["kind"] in banned:
            return Mismatch(key, f"no {show(sorted(banned))}",
                            f"{event['kind']!r} at log #{event['n']}")
    return None


def compare_options(game: Game, key: str, expected: Any) -> Mismatch | None:
    """The pending decision's legal answers as a set, compared after parsing."""
    wanted = {canonical(text) for text in need_str_list(key, expected)}
    d = game.decision
    if d is None:
        return Mismatch(key, sorted(wanted), None, describe_decision(game))
    actual = {canonical(str(a)) for a in d.options}
    if actual == wanted:
        return None
    missing, extra = sorted(wanted - actual), sorted(actual - wanted)
    parts = ([f"missing: {', '.join(missing)}"] if missing else []) + (
        [f"not expected: {', '.join(extra)}"] if extra else [])
    return Mismatch(key, sorted(wanted), sorted(actual),
                    f"{d.seat}'s {d.kind!r} decision; " + "; ".join(parts))


GAME_CHECKS: Final[dict[str, Callable[[Game, str, Any], Mismatch | None]]] = {
    "winner": compare_winner,
    "turn": compare_turn,
    "player": compare_player,
    "phase": compare_phase,
    "events": compare_events,
    "no_events": compare_no_events,
    "options": compare_options,
}


# -- a seat's circles and zones -------------------------------------------------------------


def compare_circle(game: Game, key: str, seat: Seat, circle: str,
                   expected: Any) -> Mismatch | None:
    if expected is not None:
        need_card(game, key, expected)
    uid = game.unit_at(seat, circle)
    actual = None if uid is None else card_ref(game, uid, circle)
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_stat(game: Game, key: str, seat: Seat, circle: str, stat: str,
                 expected: Any) -> Mismatch | None:
    if stat == "rested":
        if not isinstance(expected, bool):
            raise ScenarioError(f"{key} must be true or false, not {describe(expected)}")
    else:
        need_int(key, expected)
    uid = game.unit_at(seat, circle)
    if uid is None:
        return Mismatch(key, expected, None, f"no unit on {seat}.{circle}")
    readers: dict[str, Callable[[Uid], Any]] = {
        "power": game.power, "critical": game.critical, "shield": game.shield,
        "drive": game.drive, "grade": game.grade,
        "rested": lambda u: game.state.rested[u],
    }
    actual = readers[stat](uid)
    return None if actual == expected else Mismatch(key, expected, actual)


def compare_zone(game: Game, key: str, seat: Seat, zone: str, expected: Any) -> Mismatch | None:
    """A multiset of card refs; the deck in order, top first.

    GC is a circle that holds any number of guardians: besides a list it takes one card id
    (exactly that guardian) or null (no guardian), like the other circles.
    """
    if zone == GC and not isinstance(expected, list):
        expected = [] if expected is None else [expected]
    wanted = [normalise(game, key, ref, zone) for ref in need_str_list(key, expected)]
    actual = [card_ref(game, u, zone) for u in game.state.players[seat].zones[zone]]
    if zone == Zone.DECK:
        if actual == wanted:
            return None
        first = next((i for i, (a, b) in enumerate(zip(actual, wanted, strict=False)) if a != b),
                     min(len(actual), len(wanted)))
        return Mismatch(key, wanted, actual, f"first difference at card {first + 1} from the top")
    have, want = Counter(actual), Counter(wanted)
    if have == want:
        return None
    missing, extra = sorted((want - have).elements()), sorted((have - want).elements())
    parts = ([f"missing: {', '.join(missing)}"] if missing else []) + (
        [f"not expected: {', '.join(extra)}"] if extra else [])
    return Mismatch(key, wanted, actual, "; ".join(parts))


def compare_count(game: Game, key: str, seat: Seat, zone: str, what: str,
                  expected: Any) -> Mismatch | None:
    need_int(key, expected)
    cards = game.state.players[seat].zones[zone]
    face_up = game.state.face_up
    if what == "count":
        actual = len(cards)
    else:
        actual = sum(1 for u in cards if face_up[u] == (what == "face_up"))
    return None if actual == expected else Mismatch(key, expected, actual)


# -- helpers ----------------------------------------------------------------------------


def canonical(text: str) -> str:
    """An action string in canonical form: spacing and selection order do not matter."""
    try:
        return str(parse(str(text)))
    except ActionSyntaxError as exc:
        raise ScenarioError(f"{text!r} is not an action string: {exc}") from None


def normalise(game: Game, key: str, ref: str, zone: str) -> str:
    """An expected card ref checked against the card pool, in the form `card_ref` writes."""
    card_id = need_card(game, key, ref)
    return card_id if zone in FACE_DOWN_ZONES else ref


def need_card(game: Game, key: str, ref: Any) -> str:
    """The id of an expected `ID` or `ID/down`; an unknown id is a mistake in the scenario."""
    if not isinstance(ref, str) or not ref:
        raise ScenarioError(f"{key}: a card is written as ID or ID/down, not {ref!r}")
    card_id = ref.removesuffix("/down")
    if card_id not in game.engine.db:
        close = difflib.get_close_matches(card_id, list(game.engine.db), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise ScenarioError(f"{key}: unknown card id {card_id!r}{hint}")
    return card_id


def need_int(key: str, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{key} must be a whole number, not {value!r}")


def need_str_list(key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{key} must be a list of strings, not {value!r}")
    return value


def shown_kinds(kinds: list[str]) -> list[str]:
    if len(kinds) <= MAX_SHOWN_EVENTS:
        return kinds
    return [*kinds[:MAX_SHOWN_EVENTS], f"… {len(kinds) - MAX_SHOWN_EVENTS} more"]


def unknown_key(game: Game, key: str) -> ScenarioError:
    seat = key.partition(".")[0]
    seats = game.state.seats
    candidates = known_keys(game, seat) if seat in seats else [
        *GAME_KEYS, *(f"{s}.{z}" for s in seats for z in ("hand", "damage.count", "VC"))]
    close = difflib.get_close_matches(key, candidates, n=1)
    hint = (f"did you mean {close[0]!r}?" if close else
            "keys are winner, turn, player, phase, events, no_events, options, "
            "<seat>.<zone>[.count|.face_up|.face_down], <seat>.<circle>[.power|.critical|"
            ".shield|.rested|.drive|.grade]")
    return ScenarioError(f"unknown expectation key {key!r}; {hint}")
