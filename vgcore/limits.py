"""Game-length limits: every game ends, whatever its players answer or its cards do (the
engine's own rule).

A format's `limits` (`formats.GameLimits`) bound the turns each player takes and the answers
given during one turn. Meeting one ends the game as a draw whose reason names the limit
(docs/architecture.md, "The procedure"). Nothing is added to the state for this, so normal
games are unchanged to the last state hash: the turn limit reads the turn number, and the count
of answers in the current turn is kept beside the state by `Game` and recounted from the log
whenever it is not at hand (a clone, a game restored from JSON), so that every copy of a game
ends at the same answer.

Runaway games — abilities that trigger each other for ever, a resolution that never ends, card
scripts that spend CPU a little at a time, a log grown by endless free moves — meet the other
limits, where the runaway happens: `LimitReached` is raised there and `Game` ends the game as a
draw whose `game_over` event names the reason, the limit and the cards involved. Each is a
counter compared where it grows, never a scan:

- `steps_per_decision`: procedure steps from one answer to the next question (`step_limit`;
  a nested `for_each`, an effect that loops inside one resolution);
- `resolutions_per_turn`: abilities that begin resolving in one turn (`resolution_limit`;
  AUTO loops, "may" loops) — counted beside the state like the answers, recounted from the
  log's `ability` events;
- `pending_abilities`: abilities waiting at one time (`pending_limit`; a resolution that fans
  out into ever more pending abilities);
- `script_instructions_per_decision`: Lua instructions of every card function called from one
  answer to the next question (`script_limit`), counted by the sandbox's instruction hook,
  never by a clock, so a game meets it at the same call on every machine;
- `log_events`: events in the game's log (`log_limit`; what a snapshot must hold).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import GameState

TURN_LIMIT: Final = "turn_limit"
DECISION_LIMIT: Final = "decision_limit"
STEP_LIMIT: Final = "step_limit"
RESOLUTION_LIMIT: Final = "resolution_limit"
PENDING_LIMIT: Final = "pending_limit"
SCRIPT_LIMIT: Final = "script_limit"
LOG_LIMIT: Final = "log_limit"
RUNAWAY_REASONS: Final = (STEP_LIMIT, RESOLUTION_LIMIT, PENDING_LIMIT, SCRIPT_LIMIT, LOG_LIMIT)
LIMIT_REASONS: Final = (TURN_LIMIT, DECISION_LIMIT, *RUNAWAY_REASONS)

#: How many of the last resolutions name the cards of a loop.
LOOP_WINDOW: Final = 24
#: At most this many card ids are named in a `game_over` event.
NAMED_CARDS: Final = 8

AnswerMark = tuple["GameState", int, int]
"""(the state counted, its turn, answers given in that turn) — kept by `Game`, never saved."""


class LimitReached(Exception):
    """A runaway-game limit was met; `Game` catches it and ends the game as a draw. Never
    raised out of `Game.apply` or `Game.new`."""

    def __init__(self, reason: str, limit: int, cards: Sequence[str] = ()) -> None:
        super().__init__(f"{reason} ({limit})")
        self.reason = reason
        self.limit = limit
        self.cards = list(dict.fromkeys(cards))[:NAMED_CARDS]


def turn_limit_reached(game: Game) -> bool:
    """Before a turn begins: once every player has taken `turns_per_player` turns, the game
    ends as a draw instead (True)."""
    st = game.state
    limit = game.limits.turns_per_player
    if st.turn < limit * len(st.seats):
        return False
    game.end_in_draw(TURN_LIMIT, limit=limit)
    return True


def count_answer(game: Game) -> AnswerMark:
    """Count the answer about to be applied in the current turn (call before applying it)."""
    st = game.state
    before = counted_this_turn(game, game.answer_mark, answers_this_turn)
    game.answer_mark = (st, st.turn, before + 1)
    return game.answer_mark


def counted_this_turn(game: Game, mark: AnswerMark | None,
                      recount: Callable[[Game], int]) -> int:
    """A per-turn count kept beside the state: the mark's, while it is of this state and
    turn; else counted again from the log (a clone, a restored game, a new turn)."""
    st = game.state
    if mark is not None and mark[0] is st and mark[1] == st.turn:
        return mark[2]
    return recount(game)


def check_decision_limit(game: Game, mark: AnswerMark) -> None:
    """After an answer: if the turn it was given in has had `decisions_per_turn` answers and
    still asks for more, the game ends as a draw."""
    st = game.state
    limit = game.limits.decisions_per_turn
    if st.result is None and mark[1] == st.turn and mark[2] >= limit:
        game.end_in_draw(DECISION_LIMIT, limit=limit)


def answers_this_turn(game: Game) -> int:
    """Answers given since the current turn began (set-up: since the game began), read from
    the log: `decision` events that were not forced."""
    count = 0
    for event in reversed(game.state.log):
        kind = event["kind"]
        if kind == "turn_start":
            break
        if kind == "decision" and not event.get("forced"):
            count += 1
    return count


# -- runaway games --------------------------------------------------------------------------


def count_resolution(game: Game) -> None:
    """An ability is about to begin resolving (before its `ability` event): past
    `resolutions_per_turn` in this turn, the game is a runaway."""
    st = game.state
    before = counted_this_turn(game, game.resolution_mark, resolutions_this_turn)
    limit = game.limits.resolutions_per_turn
    if before >= limit:
        raise LimitReached(RESOLUTION_LIMIT, limit, looping_cards(game))
    game.resolution_mark = (st, st.turn, before + 1)


def resolutions_this_turn(game: Game) -> int:
    """Abilities that began resolving since the current turn began (their `ability` events)."""
    count = 0
    for event in reversed(game.state.log):
        kind = event["kind"]
        if kind == "turn_start":
            break
        if kind == "ability":
            count += 1
    return count


def looping_cards(game: Game) -> list[str]:
    """The cards whose abilities resolved last in this turn: those of the loop."""
    cards: list[str] = []
    for event in reversed(game.state.log):
        if event["kind"] == "turn_start" or len(cards) >= LOOP_WINDOW:
            break
        if event["kind"] == "ability":
            cards.append(event["card"])
    return sorted(set(cards))


def check_pending(game: Game) -> None:
    """After an ability became pending: more than `pending_abilities` waiting is a runaway."""
    pending = game.state.pending
    limit = game.limits.pending_abilities
    if len(pending) > limit:
        raise LimitReached(PENDING_LIMIT, limit,
                           sorted({pa["card"] for pa in pending}))


def resolving_cards(game: Game) -> list[str]:
    """The cards of the abilities resolving now (innermost last)."""
    return [frame["pa"]["card"] for frame in game.state.stack if frame["k"] == "resolve"]
