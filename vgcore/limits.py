"""Game-length limits: every game ends, whatever its players answer (the engine's own rule).

A format's `limits` (`formats.GameLimits`) bound the turns each player takes and the answers
given during one turn. Meeting one ends the game as a draw whose reason names the limit
(docs/architecture.md, "The procedure"). Nothing is added to the state for this, so normal
games are unchanged to the last state hash: the turn limit reads the turn number, and the count
of answers in the current turn is kept beside the state by `Game` and recounted from the log
whenever it is not at hand (a clone, a game restored from JSON), so that every copy of a game
ends at the same answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import GameState

TURN_LIMIT: Final = "turn_limit"
DECISION_LIMIT: Final = "decision_limit"
LIMIT_REASONS: Final = (TURN_LIMIT, DECISION_LIMIT)

AnswerMark = tuple["GameState", int, int]
"""(the state counted, its turn, answers given in that turn) — kept by `Game`, never saved."""


def turn_limit_reached(game: Game) -> bool:
    """Before a turn begins: once every player has taken `turns_per_player` turns, the game
    ends as a draw instead (True)."""
    st = game.state
    limit = game.engine.format.limits.turns_per_player
    if st.turn < limit * len(st.seats):
        return False
    game.end_in_draw(TURN_LIMIT, limit=limit)
    return True


def count_answer(game: Game) -> AnswerMark:
    """Count the answer about to be applied in the current turn (call before applying it)."""
    st = game.state
    mark = game.answer_mark
    if mark is not None and mark[0] is st and mark[1] == st.turn:
        before = mark[2]
    else:
        before = answers_this_turn(game)
    game.answer_mark = (st, st.turn, before + 1)
    return game.answer_mark


def check_decision_limit(game: Game, mark: AnswerMark) -> None:
    """After an answer: if the turn it was given in has had `decisions_per_turn` answers and
    still asks for more, the game ends as a draw."""
    st = game.state
    limit = game.engine.format.limits.decisions_per_turn
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
