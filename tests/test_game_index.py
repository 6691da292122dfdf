"""The ability index of a game (DESIGN.md §4: which cards have which abilities, read at every
event and answer) after the game creates cards: a token's new card id gives the game a new
index, extended from the one before rather than built again from every card. Whole games of
the scripted d-standard decks that create tokens check, at every decision after a card was
created, that the extended index holds exactly what one built from scratch holds.
"""

from __future__ import annotations

from typing import Any

import pytest

from vgcore.abilities import GameIndex
from vgcore.agents.random import RandomAgent
from vgcore.bench import set_pairs
from vgcore.game import Game
from vgcore.plugins import Registry

SEEDS = range(6)
TOKEN = "D-BT01-T01"  # a D-BT01 token: created on the field by its cards' effects


@pytest.fixture(scope="module")
def builtin() -> Registry:
    return Registry(strict=True)


def contents(index: GameIndex) -> dict[str, Any]:
    """What an index found on the game's cards (its lazily filled caches left out)."""
    return {
        "card_ids": index.card_ids,
        "scripts": index.scripts,
        "autos": index.autos,
        "self_autos": index.self_autos,
        "acts": index.acts,
        "conts": index.conts,
        "cont_stats": index.cont_stats,
        "stat_conts": index.stat_conts,
        "cont_states": index.cont_states,
        "state_conts": index.state_conts,
        "distinct": index.distinct,
        "listeners": index.listeners,
        "zone_listeners": index.zone_listeners,
        "stat_modifiers": index.stat_modifiers,
        "name_providers": index.name_providers,
    }


def test_an_index_after_created_cards_equals_one_built_from_scratch(builtin: Registry) -> None:
    fmt = "d-standard"
    created = 0
    for decks in set_pairs(builtin, fmt).values():
        for seed in SEEDS:
            game = builtin.new_game(fmt, decks, seed, validate=False)
            agent = RandomAgent(seed)
            cards = len(game.state.card_ids)
            while not game.is_terminal:
                if len(game.state.card_ids) != cards:
                    created += 1
                    cards = len(game.state.card_ids)
                    assert contents(game.index) == contents(GameIndex(game)), (
                        f"{decks[0].name} vs {decks[1].name}, seed {seed}: the index after "
                        f"card {cards - 1} was created differs from a fresh one")
                game.apply(agent.choose(game, game.legal_actions()))
    assert created  # the games did create cards


def test_creating_a_card_extends_the_index_before_it(builtin: Registry) -> None:
    fmt = "d-standard"
    decks = next(iter(set_pairs(builtin, fmt).values()))
    game = builtin.new_game(fmt, decks, 0, validate=False)
    before = game.index
    game.create_card(TOKEN, "A", "RC.FL")
    assert game._index_base is before  # kept for the next index, which extends it
    extended = GameIndex(game, before)
    assert contents(extended) == contents(GameIndex(game))
    assert len(extended.card_ids) == len(before.card_ids) + 1
    after = game.index
    assert after is not before and game._index_base is None
    assert contents(after) == contents(GameIndex(game))
    assert builtin.engine(fmt).game_index(game, before) is after  # shared by card ids
    # A base whose card ids do not begin the game's (one edited in place) is not extended.
    edited = game.clone()
    uid = edited.state.players["A"].zones["deck"][0]
    edited.state.card_ids[uid] = next(c for c in edited.state.card_ids
                                      if c not in (edited.state.card_ids[uid], TOKEN))
    edited.cards_changed()
    rebuilt = builtin.engine(fmt).game_index(edited, before)
    assert contents(rebuilt) == contents(GameIndex(edited))


def test_a_clone_keeps_the_index_and_an_edited_card_id_rebuilds_it(builtin: Registry) -> None:
    fmt = "d-standard"
    decks = next(iter(set_pairs(builtin, fmt).values()))
    game: Game = builtin.new_game(fmt, decks, 0, validate=False)
    index = game.index
    assert game.clone().index is index
    uid = game.state.players["A"].zones["deck"][0]
    other = next(c for c in game.state.card_ids if c != game.state.card_ids[uid])
    game.state.card_ids[uid] = other  # a determinization deals a hidden card anew
    game.cards_changed()
    assert game.index is not index
    assert contents(game.index) == contents(GameIndex(game))
