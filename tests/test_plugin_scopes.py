"""Plugin scopes (`vgcore_plugin_scope`) only spare work: a game plays the same, event for
event, whether the engine asks every plugin at every decision or only those in scope. Each
built-in plugin's scope is checked so over whole games of the formats that enable it, with
vanilla decks (most plugins out of scope) and with the decks that use them."""

from __future__ import annotations

import pytest

from vgcore.agents import RandomAgent
from vgcore.bench import vanilla_decks
from vgcore.plugins import Registry

# (format, decks or None for the vanilla pair, seeds): the decks that bring each plugin into
# scope — orders (Alchemagic too), Prisons and overDress (D-BT01, D-SD01), gifts (VX01),
# stride and legion (GX01) — and the vanilla decks that leave them out.
CASES = [
    ("d-standard", None, (0, 1)),
    ("d-standard", ("D-BT01-brandt-gate", "D-BT01-brandt-gate-prison"), (0, 1, 2)),
    ("d-standard", ("D-BT01-keter-sanctuary", "D-BT01-stoicheia"), (0, 2)),  # 2: Alchemagic
    ("d-standard", ("D-SD01", "D-SD02"), (0,)),
    ("premium", None, (0, 1)),
    ("premium-g", ("GX01-gold-paladin", "GX01-narukami"), (0,)),
    ("v-standard", None, (0,)),
    ("v-standard", ("VX01-royal-paladin-force", "VX01-oracle-think-tank-protect"), (0,)),
]


def answers_and_log(registry: Registry, format_id: str, decks: tuple[str, str] | None,
                    seed: int) -> tuple[list[str], list[dict[str, object]]]:
    chosen = vanilla_decks(registry, format_id) if decks is None else decks
    game = registry.new_game(format_id, chosen, seed, validate=False)
    agent = RandomAgent(seed)
    answers = []
    while not game.is_terminal:
        action = agent.choose(game, game.legal_actions())
        answers.append(str(action))
        game.apply(action)
    return answers, game.state.log


@pytest.mark.parametrize(("format_id", "decks", "seeds"), CASES,
                         ids=[f"{f}-{'-'.join(d) if d else 'vanilla'}" for f, d, _ in CASES])
def test_a_game_plays_the_same_with_and_without_plugin_scopes(
        format_id: str, decks: tuple[str, str] | None, seeds: tuple[int, ...]) -> None:
    scoped = Registry()
    unscoped = Registry(plugin_scopes=False)
    assert not unscoped.engine(format_id).scopes and scoped.engine(format_id).scopes
    for seed in seeds:
        assert (answers_and_log(scoped, format_id, decks, seed)
                == answers_and_log(unscoped, format_id, decks, seed))
