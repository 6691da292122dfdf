"""The built-in start-deck set D-SD01 (Dragon Empire, with overDress): its deck is legal in
d-standard, it is a default deck of the format, and random games against D-SD02 play out in a
strict engine with the state invariants checked after every decision (RULES.md §3, §5–§9).

The cards' abilities one by one are tested by the scenarios in card_scripts/D-SD01/scenarios;
overDress itself by plugins/vgcore_overdress/tests.
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

GAMES = playout_count(80, 200)  # 200 with VGCORE_FULL_PLAYOUTS=1
FORMAT = "d-standard"
DECKS = ("D-SD01", "D-SD02")


def test_dsd01_deck_is_legal_in_d_standard(registry: Registry) -> None:
    deck = registry.deck("D-SD01")
    assert deck.format == FORMAT
    assert deck.first_vanguard == "D-SD01-004"
    assert registry.deck_violations(deck, FORMAT) == []


def test_dsd01_and_dsd02_are_the_default_decks(registry: Registry) -> None:
    assert tuple(d.name for d in registry.default_decks(FORMAT)) == DECKS


@pytest.mark.full
def test_dsd01_plays_out_strictly() -> None:
    """Random games D-SD01 vs D-SD02: invariants after every decision, no script errors (a
    strict engine raises them), the deck's scripted abilities start and overDress happens."""
    registry = Registry(strict=True)
    decks = [registry.deck(name) for name in DECKS]
    started: set[str] = set()
    overdressed = 0
    for game in strict_playouts(registry, FORMAT, decks, GAMES):
        started |= started_cards(game)
        overdressed += sum(1 for e in game.state.log if e["kind"] == "overdress")
    assert overdressed > 0
    missing = cards_that_start_abilities(registry, FORMAT, "D-SD01-") - started
    assert missing == set(), sorted(missing)
