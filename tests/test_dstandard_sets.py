"""The built-in d-standard start-deck sets D-SD03 (Keter Sanctuary) and D-SD04 (Stoicheia):
their official decks are legal, and games between them play out in a strict engine
(RULES.md §1, §3, §6, §7, §9).

Each card's abilities are tested one by one by the scenarios in card_scripts/D-SD0*/scenarios.
"""

from __future__ import annotations

import pytest

from tests.invariants import playout_count, started_cards, strict_playouts
from vgcore.plugins import Registry

GAMES = playout_count(30, 200)  # 200 with VGCORE_FULL_PLAYOUTS=1
START_DECKS = ("D-SD03", "D-SD04")


@pytest.mark.parametrize("name", START_DECKS)
def test_start_decks_are_legal_in_d_standard(registry: Registry, name: str) -> None:
    deck = registry.deck(name)
    assert deck.format == "d-standard"
    assert len(deck.ride_deck) == 4
    assert len(deck.main) + len(deck.ride_deck) == 50
    assert registry.deck_violations(deck, "d-standard") == []


@pytest.mark.full
def test_start_decks_play_out_strictly(registry: Registry) -> None:
    """Random games D-SD03 vs D-SD04: invariants after every decision, no script errors (a
    strict engine raises them, and none may be logged), and both decks win some."""
    decks = [registry.deck(name) for name in START_DECKS]
    wins = {"A": 0, "B": 0}
    started: set[str] = set()
    for game in strict_playouts(registry, "d-standard", decks, GAMES):
        if game.state.result in wins:
            wins[game.state.result] += 1
        started |= started_cards(game)
    assert wins["A"] > 0 and wins["B"] > 0, wins
    assert started & {"D-SD03-001", "D-SD03-005"}
    assert started & {"D-SD04-001", "D-SD04-008"}
