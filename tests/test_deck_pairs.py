"""Random playouts between every pair of the shipped start/trial decks of a format.

Strict scripts (a ScriptError fails the test), invariants after every decision, 200 games per
pair: the promise made for the built-in sets (TD01/TD02 premium, D-SD decks d-standard). The
everyday suite plays the first 20 of them per pair with the same checks; the 200 run with
VGCORE_FULL_PLAYOUTS=1 (.ci/run).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.invariants import play_checked, playout_count
from vgcore.plugins import Registry

GAMES_PER_PAIR = playout_count(20, 200)
SHIPPED_PREFIXES = ("TD", "D-SD")


def shipped_pairs() -> list[tuple[str, str, str]]:
    registry = Registry()
    pairs = []
    for format_id in ("premium", "d-standard"):
        names = [d.name for d in registry.decks_for(format_id)
                 if d.name.startswith(SHIPPED_PREFIXES)]
        pairs += [(format_id, a, b) for a, b in combinations(sorted(names), 2)]
    return pairs


@pytest.mark.full
@pytest.mark.parametrize(("format_id", "deck_a", "deck_b"), shipped_pairs())
def test_shipped_decks_play_each_other(registry: Registry, format_id: str, deck_a: str,
                                       deck_b: str) -> None:
    decks = [registry.deck(deck_a), registry.deck(deck_b)]
    results = {"A": 0, "B": 0, "draw": 0}
    for seed in range(GAMES_PER_PAIR):
        game = play_checked(registry, format_id, decks, seed)
        assert not [e for e in game.state.log if e["kind"] == "script_error"]
        results[game.state.result or "draw"] += 1
    assert results["A"] and results["B"], results
