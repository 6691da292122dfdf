"""Each era plugin can be switched off: the core and the other plugins keep working.

For every standard format (and the installed variants premium-g and the tag fight formats) and
every plugin it enables, a format that extends it without that plugin plays random games
(vanilla decks of its era, strict scripts) with the usual invariants. Without `tag`, a tag
format is a duel again. The everyday suite plays 10 of the 25 games per case; all 25 run with
VGCORE_FULL_PLAYOUTS=1 (.ci/run).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.invariants import check_invariants, playout_count
from vgcore.agents import RandomAgent
from vgcore.plugins import Registry

GAMES = playout_count(10, 25)
VANILLA = {"premium": ("vanilla-premium-royal-paladin", "vanilla-premium-kagero"),
           "v-standard": ("vanilla-v-oracle-think-tank", "vanilla-v-aqua-force"),
           "d-standard": ("vanilla-d-dragon-empire", "vanilla-d-dark-states")}
VANILLA |= {"premium-g": VANILLA["premium"], "tag-premium": VANILLA["premium"],
            "tag-v-standard": VANILLA["v-standard"], "tag-d-standard": VANILLA["d-standard"]}


def cases() -> list[tuple[str, str]]:
    registry = Registry()
    return [(fmt, plugin) for fmt in VANILLA for plugin in registry.format(fmt).plugins]


@pytest.mark.full
@pytest.mark.parametrize(("format_id", "plugin"), cases())
def test_a_format_plays_without_each_of_its_plugins(tmp_path: Path, format_id: str,
                                                     plugin: str) -> None:
    base = Registry().format(format_id)
    others = [p for p in base.plugins if p != plugin]
    variant = f"{format_id}-without-{plugin}"
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / f"{variant}.yaml").write_text(
        f"id: {variant}\nextends: {format_id}\nplugins: [{', '.join(others)}]\n")
    registry = Registry(card_dirs=[tmp_path], strict=True)
    engine = registry.engine(variant)
    assert plugin not in engine.format.plugins
    decks = [registry.deck(name) for name in VANILLA[format_id]]
    for seed in range(GAMES):
        game = registry.new_game(variant, decks, seed=seed)
        total = len(game.state.card_ids)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
            total = len(game.state.card_ids)  # plugins may create pseudo-cards (gifts)
            check_invariants(game, total)
        assert game.state.result is not None
