"""How the orders in hand are listed (RULES.md §2, orders): the per-game table of the game's
orders (`orders.order_plays`, kept in `GameIndex.plugin_data`) and the order of the answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from vgcore_dera import orders

from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(card_dirs=[HERE / "cards"], strict=True)


def game_with(registry: Registry, hand: list[str], vanguard: str = "VAN-DE-005",
              **a: object) -> Game:
    board = {"A": {"vanguard": vanguard, "hand": hand, "deck": ["VAN-DE-002"] * 3,
                   "damage": ["VAN-DE-002"], **a},
             "B": {"vanguard": "VAN-DS-003", "deck": ["VAN-DS-005"] * 3}}
    game = game_from_board(registry.engine("d-standard"), board, turn=3, player="A")
    game.advance()
    return game


def test_the_table_holds_each_order_of_the_game_at_the_kind_of_decision_it_is_played(
        registry: Registry) -> None:
    game = game_with(registry, ["DO-001", "DO-002", "DO-003", "DO-004", "DO-001"])
    main = orders.order_plays(game, "main")
    guard = orders.order_plays(game, "guard")
    assert sorted(main) == ["DO-001", "DO-003", "DO-004"]  # normal and set orders
    assert sorted(guard) == ["DO-002"]  # the blitz order
    for card_id, play in main.items():
        assert play.ability is orders.order_ability(game, card_id)
        assert play.grade == (registry.db[card_id].grade or 0)
    assert main["DO-001"].alchemagic and not main["DO-003"].alchemagic  # normal orders only
    assert not guard["DO-002"].alchemagic
    # Worked out once per game's cards: the game's clones (search agents) share it.
    assert orders.order_plays(game, "main") is main
    assert orders.order_plays(game.clone(), "main") is main
    other = game_with(registry, ["DO-002"])  # other cards: another index, its own table
    assert other.index is not game.index
    assert sorted(orders.order_plays(other, "main")) == []


def test_the_grade_limit_is_read_from_the_table(registry: Registry) -> None:
    """DO-004 is grade 3, above the grade-2 vanguard: never offered (RULES.md §2)."""
    game = game_with(registry, ["DO-001", "DO-004"])
    offered = [str(a) for a in game.legal_actions() if a.verb == "order"]
    assert offered == ["order DO-001"]


def test_order_answers_come_in_their_strings_order(registry: Registry) -> None:
    """Each order in hand, and with Alchemagic (D-BT01-009 lets its player) each partner in
    the drop: the answers in the order of their strings, `order X` before `order X alchemagic
    Y` (listed per order the other way round)."""
    game = game_with(registry, ["D-BT01-092", "D-BT01-053", "DO-001"], vanguard="D-BT01-009",
                     drop=["D-BT01-092", "D-BT01-054", "D-BT01-053"],
                     soul=["VAN-DE-001"] * 4, damage=["VAN-DE-005"] * 2)
    offered = [str(a) for a in game.legal_actions() if a.verb == "order"]
    assert any(orders.ALCHEMAGIC_WORD in text for text in offered)
    assert len({text.split()[1] for text in offered}) == 3  # three orders offered
    assert offered == sorted(offered)
