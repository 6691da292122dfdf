"""Tag fight (RULES.md §13): two teams of two at one table. See README.md.

The plugin seats four players — A1 and A2 against B1 and B2, each facing the seat opposite
(A1↔B1, A2↔B2) — and takes turns A1 → B2 → A2 → B1. Most of what a team shares is core
behaviour that reads the table's teams (`SeatLayout`): the loss at the team's total damage,
the heal trigger's team comparison, limit break, the team's result. What is only tag fight's
lives here: the table itself, counter/soul blast costs paid from the team, tag guard, the
formats `tag-premium` / `tag-v-standard` / `tag-d-standard`, and what a seat's view shows of
its team.

Registered through the `vgcore` entry-point group as `tag`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vgcore import hookimpl
from vgcore.engine import CostSource, FrameKind, SeatLayout
from vgcore.game import Game
from vgcore.types import Zone
from vgcore_tag.guard import TAG_GUARD, answer_tag_guard_step, run_tag_guard_step

HERE = Path(__file__).parent
FORMATS_DIR = HERE / "formats"

TAG_TABLE = SeatLayout(
    seats=("A1", "B1", "A2", "B2"),
    opponents={"A1": "B1", "B1": "A1", "A2": "B2", "B2": "A2"},
    teams={"A1": "A", "A2": "A", "B1": "B", "B2": "B"},
    turn_order=("A1", "B2", "A2", "B1"),
)
"""The table (RULES.md §13): A1 A2 sit side by side facing B1 B2."""

TEAM_COSTS = ("counter_blast", "soul_blast")
"""Cost kinds a player may pay from the teammate's zones too (RULES.md §13)."""

OPEN_HANDS = "tag_open_hands"
"""Format option: teammates see each other's hand (the teams agreed to show hands)."""

__all__ = ["OPEN_HANDS", "TAG_GUARD", "TAG_TABLE", "TEAM_COSTS", "team_payers"]


def team_payers(game: Game, seat: str) -> Sequence[str]:
    """The payer first, then the teammate: whose damage zone or soul may pay."""
    return (seat, *game.teammates(seat))


def team_view(game: Game, seat: str | None, view: dict[str, Any]) -> None:
    """Public team facts for every seat; the teammate's hand only under `tag_open_hands`."""
    st = game.state
    layout = game.engine.seat_layout
    teams = {}
    for team in layout.team_ids():
        members = [s for s in st.seats if layout.teams[s] == team]
        teams[team] = {"seats": members, "damage": game.team_damage(members[0])}
    view["teams"] = teams
    if seat is None or not game.engine.format.options.get(OPEN_HANDS):
        return
    for mate in game.teammates(seat):
        hand = view["players"][mate]["zones"][Zone.HAND]
        hand["cards"] = [st.card_ids[u] for u in st.players[mate].zones[Zone.HAND]]


# -- hooks -------------------------------------------------------------------------------


@hookimpl
def vgcore_formats() -> list[Path]:
    return sorted(FORMATS_DIR.glob("*.yaml"))


@hookimpl
def vgcore_seat_layout(fmt: Any) -> SeatLayout:
    return TAG_TABLE


@hookimpl
def vgcore_cost_sources(fmt: Any) -> dict[str, CostSource]:
    return dict.fromkeys(TEAM_COSTS, team_payers)


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, FrameKind]:
    return {"guard_step": FrameKind(run_tag_guard_step, answer_tag_guard_step)}


@hookimpl
def vgcore_view(game: Game, seat: str | None, view: dict[str, Any]) -> None:
    team_view(game, seat, view)
