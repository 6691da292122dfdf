"""The Prisons' release modes as the main-phase listing reads them (RULES.md §2, Prison): a
table of the game's Prison cards, and `free` offered only for a Prison face up in the
opponent's order zone while one of the seat's cards is held there."""

from __future__ import annotations

from pathlib import Path

import pytest
from vgcore_prison import Release, free_options, release_table

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(card_dirs=[HERE / "cards"], strict=True)


def game_with(registry: Registry, order_zone: list[str]) -> Game:
    """B (to move) holds soul and a face-up damage card; A's order zone as given."""
    board = {"A": {"vanguard": "PO-002", "order_zone": order_zone, "deck": ["PO-003"] * 3},
             "B": {"vanguard": "PO-002", "soul": ["PO-003"], "damage": ["PO-003"],
                   "deck": ["PO-003"] * 3}}
    game = game_from_board(registry.engine("d-standard"), board, turn=4, player="B")
    game.advance()
    return game


def imprison_one_of_bs(game: Game) -> None:
    """Move one of B's cards into A's order zone (what an imprison step does)."""
    st = game.state
    uid = st.players["B"].zones["deck"].pop()
    st.players["A"].zones["order_zone"].append(uid)
    st.loc[uid] = ("A", "order_zone")


def test_the_table_lists_each_prison_cards_modes(registry: Registry) -> None:
    game = game_with(registry, ["PO-001", "PO-004"])
    table = release_table(game)
    assert table == {"PO-001": (Release("soul_blast", 1, 1), Release("counter_blast", 1, 2))}
    assert release_table(game.clone()) is table  # once per game's cards


def test_free_is_offered_only_while_a_card_is_held_by_a_face_up_prison(
        registry: Registry) -> None:
    game = game_with(registry, ["PO-001"])
    assert free_options(game, "B") == []  # nothing of B's is held
    imprison_one_of_bs(game)
    assert [str(a) for a in free_options(game, "B")] == ["free soul_blast",
                                                         "free counter_blast"]
    st = game.state
    prison = st.players["A"].zones["order_zone"][0]
    st.face_up[prison] = False  # a face-down Prison offers no release
    assert free_options(game, "B") == []
    plain = game_with(registry, ["PO-004"])  # a set order that is no Prison
    imprison_one_of_bs(plain)
    assert free_options(plain, "B") == []
