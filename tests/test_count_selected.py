"""`selectors.count_selected` counts a selector's cards by the zones' sizes when it names only
where to look: at every decision of whole booster games it equals `len(select(...))`, and a
card that a state makes "not a unit" (RULES.md §7: a locked card) is still left out."""

from __future__ import annotations

import pytest

from vgcore.agents import RandomAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.selectors import NOT_A_UNIT, Ctx, count_selected, select

PAIRS = [("D-BT01-brandt-gate", "D-BT01-brandt-gate-prison"),
         ("D-BT01-dark-states", "D-BT01-dragon-empire")]

SELECTORS = [
    {},                                               # your units (the default: the field)
    {"zone": ("soul",)},
    {"zone": ("field",), "owner": "any"},
    {"zone": ("RC",), "owner": "opponent"},
    {"zone": ("drop", "hand", "damage"), "owner": "any"},
    {"zone": ("order_zone",)},
    {"zone": ("soul",), "kind": "normal_unit"},       # a filter: counted card by card
]


def assert_counts_agree(game: Game) -> None:
    for seat in game.state.seats:
        ctx = Ctx(seat)
        for selector in SELECTORS:
            assert count_selected(game, ctx, selector) == len(select(game, ctx, selector)), \
                (seat, selector)


@pytest.mark.parametrize("decks", PAIRS, ids=[p[0] for p in PAIRS])
def test_counts_equal_the_selection_at_every_decision(
        registry: Registry, decks: tuple[str, str]) -> None:
    for seed in range(2):
        game = registry.new_game("d-standard", decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            assert_counts_agree(game)
            game.apply(agent.choose(game, game.legal_actions()))


def test_a_card_that_is_no_unit_is_not_counted(registry: Registry) -> None:
    game = registry.new_game("d-standard", PAIRS[0], 0, validate=False)
    agent = RandomAgent(0)
    while not game.is_terminal and not any(len(list(game.units(s))) > 1 for s in game.state.seats):
        game.apply(agent.choose(game, game.legal_actions()))
    seat = next(s for s in game.state.seats if len(list(game.units(s))) > 1)
    _circle, uid = list(game.units(seat))[-1]
    everywhere = {"zone": ("field",), "owner": "any"}
    before = count_selected(game, Ctx(seat), everywhere)
    game.add_modifier(uid, NOT_A_UNIT, 1)
    assert count_selected(game, Ctx(seat), everywhere) == before - 1
    assert_counts_agree(game)
