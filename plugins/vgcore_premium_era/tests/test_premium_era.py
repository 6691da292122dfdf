"""Whole games with the premium-era plugin: TD01 vs TD02 playouts in `premium` with only this
plugin enabled (RULES.md §1 every card in one zone, §5 G assist, §9 game end)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.invariants import check_invariants
from vgcore.agents import RandomAgent
from vgcore.plugins import Registry

GAMES = 60


@pytest.fixture(scope="module")
def premium_era_only() -> Registry:
    """A registry whose `premium` format enables this plugin and no other."""
    registry = Registry(strict=True)
    fmt = registry.format("premium")
    registry.formats["premium"] = dataclasses.replace(fmt, plugins=("premium-era",))
    return registry


def test_td01_vs_td02_playouts_with_the_plugin(premium_era_only: Registry) -> None:
    decks = [premium_era_only.deck("TD01"), premium_era_only.deck("TD02")]
    results = {"A": 0, "B": 0, "draw": 0}
    used = removed = 0
    for seed in range(GAMES):
        game = premium_era_only.new_game("premium", decks, seed=seed)
        total = len(game.state.card_ids)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            d = game.decision
            assert d is not None
            game.apply(agent.choose(game, d.options))
            check_invariants(game, total)
        results[game.state.result or "draw"] += 1
        used += sum(1 for e in game.state.log if e["kind"] == "g_assist")
        removed += sum(len(game.state.players[s].zones["removed"]) for s in game.state.seats)
    assert results["A"] > 0 and results["B"] > 0, results
    # G assist comes up in random games, and using it removes cards only when a card is found.
    assert used > 0
    assert removed % 2 == 0


def test_no_break_ride_lock_or_delete_in_the_trial_decks(premium_era_only: Registry) -> None:
    """The trial decks have no break ride, lock or delete: those events never occur."""
    decks = [premium_era_only.deck("TD01"), premium_era_only.deck("TD02")]
    for seed in range(10):
        game = premium_era_only.new_game("premium", decks, seed=seed)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.decision.options))
        kinds = {e["kind"] for e in game.state.log}
        assert not kinds & {"break_ride", "lock", "unlock", "delete", "undelete"}
