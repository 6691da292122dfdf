"""Rule actions (RULES.md §9): the checks that end a game, run whenever the state changes.

Each check returns the players who lose now; the game collects every loser of one moment
before deciding, so two losers at once make a draw. A loser's team loses with them
(`Game.end_game`; tag fight). Plugins replace a check by its name through
`vgcore_rule_checks`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vgcore.types import Zone

if TYPE_CHECKING:
    from vgcore.engine import RuleCheck
    from vgcore.game import Game
    from vgcore.types import Seat


def damage_check(game: Game) -> list[tuple[Seat, str]]:
    """A team whose damage zones hold the format's losing count in total loses: 6 for a
    player alone, 9 for a tag fight team (RULES.md §9, §13)."""
    limit = game.engine.format.damage_to_lose
    return [(seat, "damage") for seat in game.state.seats if game.team_damage(seat) >= limit]


def deck_out_check(game: Game) -> list[tuple[Seat, str]]:
    """A player with an empty deck loses: checked the moment a card leaves a deck (and at a
    game's first check), so it happens when the deck empties, not when they next draw."""
    return [(seat, "deck_out") for seat, p in game.state.players.items()
            if not p.zones[Zone.DECK]]


STANDARD_CHECKS: dict[str, RuleCheck] = {
    "damage": damage_check,
    "deck_out": deck_out_check,
}
