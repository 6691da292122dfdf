"""The `ctx` a card's Lua function reads (docs/lua-api.md §12, DESIGN.md §6): a game keeps each
card's Lua table between snapshots while the card's record is unchanged, so the test plays
whole games of the scripted v-standard decks (their conditions are Lua functions) and checks,
at every snapshot the game's functions read, that it holds exactly what a snapshot built from
scratch would hold — a kept table that went stale would differ.
"""

from __future__ import annotations

from typing import Any

import pytest

from vgcore.agents.random import RandomAgent
from vgcore.bench import set_pairs
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.scripting.ctx import build_snapshot
from vgcore.scripting.host import ScriptHost
from vgcore.selectors import Ctx

SEEDS = range(5)


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry(strict=True)


class CheckedHost(ScriptHost):
    """The game's own script host, which also checks each new snapshot against a fresh one."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.checked = 0
        self.kept = 0

    def snapshot(self, ctx: Ctx) -> Any:
        before = {uid: table for uid, (_, table) in self._card_tables.items()}
        snapshot = super().snapshot(ctx)
        data = build_snapshot(self.game, ctx)
        sandbox = self.sandbox
        assert sandbox.to_python(snapshot) == sandbox.to_python(sandbox.to_lua(data))
        self.checked += 1
        self.kept += sum(before.get(uid) is table for uid, (_, table) in
                         self._card_tables.items())
        return snapshot


def test_every_snapshot_equals_one_built_from_scratch(builtin: Registry) -> None:
    fmt = "v-standard"
    checked = kept = 0
    for decks in set_pairs(builtin, fmt).values():
        for seed in SEEDS:
            game = builtin.new_game(fmt, decks, seed, validate=False)
            host = game._scripts = CheckedHost(game)
            agent = RandomAgent(seed)
            while not game.is_terminal:
                game.apply(agent.choose(game, game.legal_actions()))
            checked += host.checked
            kept += host.kept
    assert checked  # the games' functions did read snapshots
    assert kept  # and later snapshots kept tables of cards that had not changed


def test_a_changed_card_gets_a_new_table_and_the_rest_are_kept(builtin: Registry) -> None:
    fmt = "v-standard"
    decks = next(iter(set_pairs(builtin, fmt).values()))
    game = builtin.new_game(fmt, decks, 0, validate=False)
    agent = RandomAgent(0)
    while game.state.turn < 3:
        game.apply(agent.choose(game, game.legal_actions()))
    host = game.scripts
    ctx = Ctx("A")
    first = host.snapshot(ctx)
    tables = {uid: table for uid, (_, table) in host._card_tables.items()}
    vanguard = game.vanguard("A")
    assert vanguard is not None
    power = first.cards[vanguard].power
    game.state.rested[vanguard] = not game.state.rested[vanguard]
    second = host.snapshot(Ctx("A", vanguard))  # another point of view: a new snapshot
    assert second is not first
    assert second.cards[vanguard].rested == game.state.rested[vanguard]
    assert second.cards[vanguard].power == power
    for uid, (_, table) in host._card_tables.items():
        assert (table is tables[uid]) == (uid != vanguard), uid
