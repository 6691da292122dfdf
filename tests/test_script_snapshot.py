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
from vgcore.scripting.ctx import build_snapshot, card_tables
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


def test_a_game_moved_to_another_thread_keeps_to_its_own_runtime(builtin: Registry) -> None:
    """Each thread has its own runtime (ScriptLoader.functions); a game keeps the one it first
    called a function in, with that runtime's kept functions and card converter, so a game
    started in one thread and played on in another, and a game of that other thread, both
    play as they would alone."""
    import threading

    fmt = "v-standard"
    decks = next(iter(set_pairs(builtin, fmt).values()))

    def play(game: Game, agent: RandomAgent, until_lua: bool = False) -> None:
        while not game.is_terminal:
            if until_lua and game.scripts._runtime is not None:
                return  # a function has run: the game has taken this thread's runtime
            game.apply(agent.choose(game, game.legal_actions()))

    for seed in range(20):  # a game whose functions run before its end
        moved = builtin.new_game(fmt, decks, seed, validate=False)
        agent = RandomAgent(seed)
        worker = threading.Thread(target=play, args=(moved, agent, True))
        worker.start()
        worker.join()
        if not moved.is_terminal:
            break
    assert not moved.is_terminal
    assert moved.scripts.runtime is not builtin.engine(fmt).scripts.functions()
    play(moved, agent)
    alone = builtin.new_game(fmt, decks, seed, validate=False)
    play(alone, RandomAgent(seed))
    assert moved.state.state_hash() == alone.state.state_hash()
    assert moved.scripts.runtime is not alone.scripts.runtime


def test_games_of_one_runtime_share_the_tables_of_equal_cards(builtin: Registry) -> None:
    """A card table is kept by the runtime for its values (at most MAX_SHARED_CARDS): a second
    game of the same decks and seed reads the very tables the first made, and the runtime
    keeps no more than its bound, dropping the oldest first."""
    fmt = "v-standard"
    decks = next(iter(set_pairs(builtin, fmt).values()))
    first = builtin.new_game(fmt, decks, 0, validate=False)
    second = builtin.new_game(fmt, decks, 0, validate=False)
    first.scripts.snapshot(Ctx("A"))
    made = dict(first.scripts._card_tables)
    second.scripts.snapshot(Ctx("A"))
    assert made and all(second.scripts._card_tables[uid][1] is table
                        for uid, (_, table) in made.items())

    made_now: list[tuple[Any, ...]] = []
    shared: dict[tuple[Any, ...], Any] = {}

    def make(values: tuple[Any, ...]) -> object:
        made_now.append(values)
        return object()

    listed = list(range(5))
    tables = card_tables(first, listed, {}, shared, make, 3, {})
    assert len(made_now) == 5 and len(shared) == 3  # the first two were dropped
    assert list(shared) == [tables[uid][0] for uid in listed[2:]]
    again = card_tables(first, listed[2:], {}, shared, make, 3, {})
    assert len(made_now) == 5  # all three reused
    assert all(again[uid][1] is tables[uid][1] for uid in listed[2:])
    card_tables(first, [0], {}, shared, make, 3, {})
    assert len(made_now) == 6 and list(shared) == [tables[uid][0] for uid in (3, 4, 0)]
