"""`GameIndex.placed` never serves a stale answer (RULES.md §7: an ACT is usable, a CONT
applies, only from the zones its card names; §1: a card is in one zone at a time).

`placed` keeps its last answer per list (and the seats asked about), and gives it again until
a card of the list moves (`actions.move` and `actions.swap_circles` forget it) or a circle
is made (`Game.add_circle`). Whole games of every d-standard booster pair check, at every
decision, that each list's kept answer equals a fresh walk; the unit tests check that a move
of one of the list's cards, a new circle, and an edit of `GameState.loc` (with
`Game.cards_changed`) are each seen.
"""

from __future__ import annotations

import pytest

from vgcore import actions
from vgcore.agents.random import RandomAgent
from vgcore.bench import set_pairs
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import Zone

GAMES_PER_PAIR = 2


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry(strict=True)


def lists_of(game: Game) -> list[str]:
    """Every list `placed` is asked about in a game: ACTs, CONTs, those giving states, and
    those changing each stat."""
    return ["acts", "conts", "state_conts", *sorted(game.index.stat_conts)]


def seats_asked(game: Game, which: str) -> tuple[str, ...]:
    """The seats the engine asks about: the turn player's ACTs, everyone's CONTs."""
    return (game.state.turn_player,) if which == "acts" else game.state.seats


def fresh(game: Game, which: str, seats: tuple[str, ...]) -> list:
    index = game.index
    return index.walk_placed(game, which, seats, index.places_of(which))


def test_every_kept_answer_equals_a_fresh_walk_through_whole_games(builtin: Registry) -> None:
    checked = reused = 0
    for name, decks in set_pairs(builtin, "d-standard").items():
        for seed in range(GAMES_PER_PAIR):
            game = builtin.new_game("d-standard", decks, seed, validate=False)
            agent = RandomAgent(seed)
            while not game.is_terminal:
                for which in lists_of(game):
                    seats = seats_asked(game, which)
                    before = game.placed_memo.get(which)
                    served = game.index.placed(game, which, seats)
                    reused += before is not None and served is before[2]
                    assert served == fresh(game, which, seats), (name, seed, which, seats)
                    checked += 1
                game.apply(agent.choose(game, game.legal_actions()))
    assert reused > checked // 2  # the answers are kept, not worked out every time


def _holder_in(game: Game, seat: str, zone: str) -> int | None:
    held = {uid for uid, _ability in game.index.acts}
    return next((uid for uid in game.state.players[seat].zones[zone] if uid in held), None)


def _game_with_an_act_in_hand(builtin: Registry) -> tuple[Game, int]:
    for decks in set_pairs(builtin, "d-standard").values():
        for seed in range(20):
            game = builtin.new_game("d-standard", decks, seed, validate=False)
            seat = game.decision.seat
            uid = _holder_in(game, seat, Zone.HAND)
            if uid is not None:
                return game, uid
    raise AssertionError("no booster game starts with an ACT holder in hand")


def test_a_holder_moved_onto_a_circle_is_seen(builtin: Registry) -> None:
    game, uid = _game_with_an_act_in_hand(builtin)
    seat = game.state.loc[uid][0]
    before = game.index.placed(game, "acts", (seat,))
    assert all(u != uid for u, _ability in before)
    actions.move(game, uid, seat, "RC.FL")
    after = game.index.placed(game, "acts", (seat,))
    assert any(u == uid for u, _ability in after)
    assert after == fresh(game, "acts", (seat,))


def test_units_swapped_between_circles_are_seen(builtin: Registry) -> None:
    game, uid = _game_with_an_act_in_hand(builtin)
    seat = game.state.loc[uid][0]
    actions.move(game, uid, seat, "RC.FL")
    kept = game.index.placed(game, "acts", (seat,))
    partner = game.column_partner(seat, "RC.FL")
    assert partner is not None
    actions.swap_circles(game, seat, "RC.FL", partner)
    assert game.state.loc[uid] == (seat, partner)
    assert "acts" not in game.placed_memo  # forgotten: one of its cards moved
    served = game.index.placed(game, "acts", (seat,))
    assert served is not kept and served == fresh(game, "acts", (seat,))


def test_a_new_circle_is_seen(builtin: Registry) -> None:
    game, uid = _game_with_an_act_in_hand(builtin)
    seat = game.state.loc[uid][0]
    kept = game.index.placed(game, "acts", (seat,))
    assert game.index.placed(game, "acts", (seat,)) is kept  # nothing moved: kept
    game.add_circle(seat, "RC_extra", "back", 4)
    served = game.index.placed(game, "acts", (seat,))
    assert served is not kept and served == fresh(game, "acts", (seat,))


def test_a_direct_edit_of_where_cards_are_is_seen_after_cards_changed(builtin: Registry,
                                                                     ) -> None:
    game, uid = _game_with_an_act_in_hand(builtin)
    st = game.state
    seat = st.loc[uid][0]
    assert all(u != uid for u, _ability in game.index.placed(game, "acts", (seat,)))
    st.players[seat].zones[Zone.HAND].remove(uid)  # as a scenario or a test edits a game
    st.players[seat].zones["RC.FL"].append(uid)
    st.loc[uid] = (seat, "RC.FL")
    game.cards_changed()
    assert any(u == uid for u, _ability in game.index.placed(game, "acts", (seat,)))
