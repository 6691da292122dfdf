"""The uniform random agent: every legal answer equally likely (its own seeded PRNG).

A choice of several cards comes as one pick per decision (`choose <ref>` … `done`), so the
agent builds it card by card, stopping with the same chance as taking any one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vgcore.rng import Pcg32

if TYPE_CHECKING:
    from vgcore.decisions import Action
    from vgcore.game import Game


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed, stream=7)

    def choose(self, game: Game, options: list[Action]) -> Action:
        return options[self.rng.below(len(options))]
