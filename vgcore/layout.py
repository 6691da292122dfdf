"""What a field layout implies, worked out once per layout rather than at every question.

A player's circles are a dict {name: (row, column)} in the state. The questions asked every
turn — which circles a unit may be called to or moved between, which unit may boost, which
units are in the front row — depend only on that layout, and plugins make only a few layouts
(accel circles, a legion mate's). So each distinct layout gets one `Layout`, shared by every
game of the process, and the main phase's `call X <circle>` answers are kept with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from vgcore.decisions import Action, shared_action
from vgcore.types import FRONT, VC

LayoutKey = tuple[tuple[str, tuple[str, int]], ...]


@dataclass(slots=True)
class Layout:
    """One layout's derived facts (RULES.md §5: calls, moves within a column, boosts)."""

    rear: tuple[str, ...]  # every circle but VC, in layout order
    front: tuple[str, ...]  # the front-row circles, in layout order
    # A rear-guard moves only within its column, never into VC: the other circle of each
    # two-circle column (the back-centre circle has none).
    partners: dict[str, str]
    other_row: dict[str, str]  # a circle's first circle of its column in another row
    behind: dict[str, str]  # a front-row circle's first back-row circle of its column
    calls: dict[str, tuple[Action, ...]] = field(default_factory=dict)

    def call_actions(self, card_id: str) -> tuple[Action, ...]:
        """`call <card_id> <circle>` for every rear-guard circle, in layout order."""
        found = self.calls.get(card_id)
        if found is None:
            found = self.calls[card_id] = tuple(
                shared_action("call", (card_id, c)) for c in self.rear)
        return found


_LAYOUTS: Final[dict[LayoutKey, Layout]] = {}


def layout_of(circles: dict[str, tuple[str, int]]) -> Layout:
    """The `Layout` of a circles dict (one per distinct layout in the process)."""
    key = tuple(circles.items())
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = derive(circles)
    return found


def derive(circles: dict[str, tuple[str, int]]) -> Layout:
    by_column: dict[int, list[str]] = {}
    for name, (_row, column) in circles.items():
        by_column.setdefault(column, []).append(name)
    partners = {a: b for names in by_column.values() if len(names) == 2
                for a, b in (names, names[::-1])}
    other_row: dict[str, str] = {}
    behind: dict[str, str] = {}
    for name, (row, column) in circles.items():
        for other, (r, c) in circles.items():
            if c == column and r != row:
                other_row[name] = other
                if row == FRONT:
                    behind[name] = other
                break
    return Layout(
        rear=tuple(c for c in circles if c != VC),
        front=tuple(c for c, (row, _) in circles.items() if row == FRONT),
        partners=partners, other_row=other_row, behind=behind)
