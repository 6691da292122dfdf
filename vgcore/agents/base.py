"""What an agent is: something that picks one legal answer for the seat to move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from vgcore.decisions import Action
    from vgcore.game import Game


class Agent(Protocol):
    name: str

    def choose(self, game: Game, options: list[Action]) -> Action:
        """Pick one of `options` (the pending decision's legal answers)."""
        ...
