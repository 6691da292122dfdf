"""The built-in start-deck set D-SD02 (Dark States): its deck is legal in d-standard, and random
games against the vanilla Dragon Empire deck play out in a strict engine (RULES.md §3, §5–§9).

The cards' abilities one by one are tested by the scenarios in card_scripts/D-SD02/scenarios.
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

GAMES = playout_count(30, 200)  # 200 with VGCORE_FULL_PLAYOUTS=1
FORMAT = "d-standard"
DECKS = ("D-SD02", "vanilla-d-dragon-empire")


def test_dsd02_deck_is_legal_in_d_standard(registry: Registry) -> None:
    deck = registry.deck("D-SD02")
    assert deck.format == FORMAT
    assert deck.first_vanguard == "D-SD02-004"
    assert registry.deck_violations(deck, FORMAT) == []


def test_dsd02_is_a_default_deck(registry: Registry) -> None:
    assert "D-SD02" in {d.name for d in registry.default_decks(FORMAT)}


@pytest.mark.full
def test_dsd02_plays_out_strictly() -> None:
    """Random games D-SD02 vs vanilla Dragon Empire: invariants after every decision, no script
    errors (a strict engine raises them), and the deck's scripted abilities start."""
    registry = Registry(strict=True)
    decks = [registry.deck(name) for name in DECKS]
    started: set[str] = set()
    for game in strict_playouts(registry, FORMAT, decks, GAMES):
        started |= started_cards(game)
    missing = cards_that_start_abilities(registry, FORMAT, "D-SD02-") - started
    assert missing == set(), sorted(missing)
