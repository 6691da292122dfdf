"""Random playouts: full games between uniform random agents, invariants after every decision.

RULES.md §1 (every card in exactly one zone), §9 (a game ends at 6 damage or an empty deck).
The everyday suite plays the first tenth (a fifth of the demo games) with the same checks; the
full counts run with VGCORE_FULL_PLAYOUTS=1 (.ci/run).
"""

from __future__ import annotations

import pytest
from vgcore_gifts import PSEUDO_CARDS

from tests.invariants import check_invariants, play_checked, playout_count
from vgcore.agents import RandomAgent
from vgcore.plugins import Registry

GAMES_PER_FORMAT = playout_count(30, 300)
DEMO_GAMES = playout_count(30, 150)


@pytest.mark.full
@pytest.mark.parametrize("format_id", ["premium", "v-standard", "d-standard"])
def test_random_playouts_keep_invariants(registry: Registry, format_id: str) -> None:
    """The format's default decks; v-standard's give quick shield tickets and Protect I cards,
    the only cards a game may create (RULES.md §11)."""
    results = {"A": 0, "B": 0, "draw": 0}
    decks = list(registry.default_decks(format_id))
    for seed in range(GAMES_PER_FORMAT):
        game = play_checked(registry, format_id, decks, seed, created=frozenset(PSEUDO_CARDS))
        results[game.state.result or "draw"] += 1
        assert game.state.log[-1]["kind"] == "game_over"
    assert results["A"] > 0 and results["B"] > 0, results


@pytest.mark.full
def test_scripted_demo_decks_play_out_strictly(registry: Registry) -> None:
    """Games between the scripted demo decks: no ScriptError (strict), invariants hold."""
    decks = [registry.deck("demo-premium-royal-paladin"), registry.deck("demo-premium-kagero")]
    abilities_resolved = 0
    for seed in range(DEMO_GAMES):
        game = registry.new_game("premium", decks, seed=seed)
        total = len(game.state.card_ids)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
            check_invariants(game, total)
        abilities_resolved += sum(1 for e in game.state.log if e["kind"] == "ability_resolved")
        assert not [e for e in game.state.log if e["kind"] == "script_error"]
    assert abilities_resolved > DEMO_GAMES, "the demo decks' skills should resolve in most games"
