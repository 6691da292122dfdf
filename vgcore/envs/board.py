"""What a person reads of an environment's game: the legal answers as strings, and the board
as the terminal draws it (both adapters' `legal_answers` and ansi `render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Seat


def answer_strings(game: Game) -> list[str]:
    """The pending decision's answers as action strings, in action-index order."""
    return [str(a) for a in game.legal_actions()]


def board_text(game: Game, seat: Seat) -> str:
    """The board as `seat` sees it, drawn as `vgcore play` draws it."""
    from vgcore.screen import Table, render_board

    return "\n".join(render_board(game.view(seat, log=False), Table.for_game(game, seat)))
