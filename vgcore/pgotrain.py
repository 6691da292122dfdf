"""The workload a profile-guided build of the compiled engine trains on (setup.py; docs/
architecture.md, "Compiled engine").

setup.py compiles the engine once with profiling counters, runs this module in a child
process against that build, and compiles again with the counts, so the C compiler lays out
and inlines the code the games actually run. Scripted games gain the most: they run more
distinct code, and their time was lost to instruction-cache misses more than to
instructions (docs/performance.md).

The child runs before vgcore is installed, so the plugins are not found through entry
points: they are read from pyproject.toml's `vgcore` entry-point table and registered as
given. What is played: random games of every format with its default, vanilla and scripted
decks and every booster pair, and for some decisions the seat's view (the host's and the
terminal's path) — seeded, so two builds of one source train alike.
"""

from __future__ import annotations

import os
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vgcore.decks import DeckList
    from vgcore.plugins import Registry

#: Games per deck pair and format: enough for every phase, step and ability kind to be
#: counted many times; the instrumented build plays them in about ten seconds.
GAMES_PER_PAIR = 4
#: One decision in this many is also shown to the seat asked (a view with its log).
VIEW_EVERY = 7


def plugins_from(pyproject: Path) -> list[tuple[str, object]]:
    """The `vgcore` entry points of a project file, loaded as installed ones are: (name,
    plugin) pairs, less the rules core, which every `Registry` registers itself."""
    from vgcore.plugins import CORE_PLUGIN, ENTRY_POINT_GROUP

    table = tomllib.loads(pyproject.read_text())["project"]["entry-points"][ENTRY_POINT_GROUP]
    return [(name, EntryPoint(name, value, ENTRY_POINT_GROUP).load())
            for name, value in table.items() if name != CORE_PLUGIN]


def deck_pairs(registry: Registry, format_id: str) -> list[tuple[DeckList, DeckList]]:
    """The bench's pairs for a format: default, vanilla, scripted, and each booster pair."""
    from vgcore import bench

    pairs = [registry.default_decks(format_id), bench.vanilla_decks(registry, format_id)]
    scripted = bench.scripted_decks(registry, format_id)
    if scripted is not None:
        pairs.append(scripted)
    pairs.extend(bench.set_pairs(registry, format_id).values())
    unique = {tuple(d.name for d in pair): pair for pair in pairs}
    return list(unique.values())


def train(registry: Registry, games: int = GAMES_PER_PAIR) -> dict[tuple[str, str, str], int]:
    """Play the workload; the decisions made, by format and deck pair."""
    from vgcore.agents import RandomAgent

    played: dict[tuple[str, str, str], int] = {}
    decisions = 0
    for format_id in sorted(registry.formats):
        for pair in deck_pairs(registry, format_id):
            before = decisions
            for seed in range(games):
                game = registry.new_game(format_id, pair, seed, validate=False)
                agent = RandomAgent(seed)
                while not game.is_terminal:
                    options = game.legal_actions()
                    seat = game.current_player
                    if decisions % VIEW_EVERY == 0 and seat is not None:
                        game.view(seat)
                    game.apply(agent.choose(game, options))
                    decisions += 1
            played[(format_id, pair[0].name, pair[1].name)] = decisions - before
    return played


def main(argv: list[str]) -> int:
    """`python -m vgcore.pgotrain PYPROJECT`: play the workload with that project's plugins;
    prints the number of decisions played."""
    os.environ.setdefault("VGCORE_CACHE_DIR", "off")  # nothing written outside the build
    from vgcore import native
    from vgcore.plugins import Registry

    status = native.install()
    if not status.active:  # counts of the interpreted engine would train nothing
        print(f"vgcore: the compiled engine did not load: {status.reason}",
              file=sys.stderr)
        return 1
    registry = Registry(entry_points=False, plugins=plugins_from(Path(argv[0])))
    decisions = sum(train(registry).values())
    print(f"vgcore: trained the compiled engine on {decisions} decisions", file=sys.stderr)
    print(decisions)  # read by setup.py
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
