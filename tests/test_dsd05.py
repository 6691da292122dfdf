"""The built-in start-deck set D-SD05 (Brandt Gate): its deck is legal in d-standard, and random
games against D-SD02 (Dark States) play out in a strict engine (RULES.md §3, §5–§9).

The cards' abilities one by one are tested by the scenarios in card_scripts/D-SD05/scenarios.
"""

from __future__ import annotations

import pytest

from tests.invariants import (
    cards_that_start_abilities,
    playout_count,
    started_cards,
    strict_playouts,
)
from vgcore.plugins import Registry

GAMES = playout_count(40, 200)  # 200 with VGCORE_FULL_PLAYOUTS=1
FORMAT = "d-standard"
DECKS = ("D-SD05", "D-SD02")


def test_dsd05_deck_is_legal_in_d_standard(registry: Registry) -> None:
    deck = registry.deck("D-SD05")
    assert deck.format == FORMAT
    assert deck.first_vanguard == "D-SD05-004"
    assert registry.deck_violations(deck, FORMAT) == []


def test_dsd05_is_not_a_default_deck(registry: Registry) -> None:
    assert "D-SD05" not in {d.name for d in registry.default_decks(FORMAT)}


@pytest.mark.full
def test_dsd05_plays_out_strictly() -> None:
    """Random games D-SD05 vs D-SD02: invariants after every decision, no script errors (a
    strict engine raises them), the deck's AUTO and ACT abilities start, and cards are
    imprisoned and freed."""
    registry = Registry(strict=True)
    decks = [registry.deck(name) for name in DECKS]
    started: set[str] = set()
    kinds: set[str] = set()
    for game in strict_playouts(registry, FORMAT, decks, GAMES):
        started |= started_cards(game)
        kinds.update(e["kind"] for e in game.state.log)
    missing = cards_that_start_abilities(registry, FORMAT, "D-SD05-") - started
    assert missing == set(), sorted(missing)
    assert {"imprison", "free"} <= kinds
