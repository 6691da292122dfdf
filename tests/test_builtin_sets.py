"""The built-in trial-deck sets TD01 and TD02: their decks are legal, and games between them play
out in a strict engine with every scripted card taking part (RULES.md §1, §3, §7, §9).

The cards' abilities one by one are tested by the scenarios in card_scripts/TD0*/scenarios.
"""

from __future__ import annotations

import pytest

from tests.invariants import started_cards, strict_playouts
from vgcore.plugins import Registry

GAMES = 200
TRIAL_DECKS = ("TD01", "TD02")


@pytest.mark.parametrize("name", TRIAL_DECKS)
def test_trial_decks_are_legal_in_premium(registry: Registry, name: str) -> None:
    deck = registry.deck(name)
    assert deck.format == "premium"
    assert len(deck.main) == 50
    assert registry.deck_violations(deck, "premium") == []


def test_trial_decks_are_the_premium_defaults(registry: Registry) -> None:
    assert tuple(d.name for d in registry.default_decks("premium")) == TRIAL_DECKS


def test_trial_decks_play_out_strictly(registry: Registry) -> None:
    """Random games TD01 vs TD02: invariants after every decision, no script errors (a strict
    engine raises them), both decks win some, and every scripted card's ability starts."""
    decks = [registry.deck(name) for name in TRIAL_DECKS]
    wins = {"A": 0, "B": 0}
    started: set[str] = set()
    back_row_attacks = 0
    for game in strict_playouts(registry, "premium", decks, GAMES):
        if game.state.result in wins:
            wins[game.state.result] += 1
        started |= started_cards(game)
        back_row_attacks += sum(1 for e in game.state.log if e["kind"] == "attack"
                                and e["card"] == "TD02-006" and ".RC.B" in e["target"])
    assert wins["A"] > 0 and wins["B"] > 0, wins
    engine = registry.engine("premium")
    scripted = {card_id for card_id in registry.db
                if card_id.startswith(TRIAL_DECKS) and engine.script(card_id) is not None}
    # Every card with an AUTO or ACT ability started one at least once, but for Wingal (it
    # needs the deck's single Blaster Blade boosted: about one game in a thousand; its
    # scenarios test it). Tejas has only a CONT: it shows by attacking a back-row unit.
    assert scripted - started == {"TD01-009", "TD02-006"}
    assert back_row_attacks > 0
