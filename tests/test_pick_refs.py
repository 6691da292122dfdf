"""A choice's candidate refs are worked out once per choice (`steps.pick_refs`): every pick
question of whole booster games still names exactly the cards a fresh look would name, and a
clone or a game whose card ids were dealt anew never reads another's refs."""

from __future__ import annotations

import pytest

from vgcore.agents import RandomAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.steps import PICK, pick_ref, unpicked

PAIRS = [("D-BT01-brandt-gate", "D-BT01-brandt-gate-prison"),
         ("D-BT01-dark-states", "D-BT01-dragon-empire"),
         ("D-BT01-keter-sanctuary", "D-BT01-stoicheia")]


def fresh_refs(game: Game) -> set[str] | None:
    """The refs the innermost choice in progress names now, each worked out afresh."""
    for frame in reversed(game.state.stack):
        p = frame.get(PICK)
        if p is not None:
            return {pick_ref(game, p["seat"], u) for u in unpicked(p)}
    return None


@pytest.mark.parametrize("decks", PAIRS, ids=[p[0] for p in PAIRS])
def test_every_pick_question_names_the_cards_a_fresh_look_names(
        registry: Registry, decks: tuple[str, str]) -> None:
    asked = 0
    for seed in range(3):
        game = registry.new_game("d-standard", decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            decision = game.decision
            assert decision is not None
            expected = fresh_refs(game)
            if expected is not None and decision.kind == "choose":
                p = next(f[PICK] for f in reversed(game.state.stack) if PICK in f)
                offered = {a.args[0] for a in game.legal_actions() if a.verb == p["verb"]}
                assert offered <= expected and offered  # what can still complete the choice
                if p["weights"] is None:
                    assert offered == expected
                assert decision.data["picked"] == [pick_ref(game, p["seat"], u)
                                                   for u in p["picked"]]
                asked += 1
                twin = game.clone()  # a clone answers the same and names the same
                action = agent.choose(game, game.legal_actions())
                twin.apply(action)
                game.apply(action)
                assert twin.state.state_hash() == game.state.state_hash()
                continue
            game.apply(agent.choose(game, game.legal_actions()))
    assert asked > 20  # the pairs' effects choose cards one pick at a time
