"""How one kind of procedure frame advances and takes an answer: `FrameKind`.

A class of its own in a compiled module (setup.py's COMPILED), as `vgcore.ability.Ability` is:
the frame loop (`Game._run_frames`) reads a frame kind's handler and flags for every frame it
runs, about a thousand a game, and a compiled class's attributes are read directly, where the
frozen dataclass it replaces cost a descriptor lookup per read (and `checks_rules`, a property,
a Python call). Plugins build and register them as before (`vgcore.engine.FrameKind` is this
class); treat one as read-only, as that frozen dataclass was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vgcore.decisions import Action
    from vgcore.game import Game
    from vgcore.state import Frame

RunFn = Callable[["Game", "Frame"], None]
AnswerFn = Callable[["Game", "Frame", "Action"], None]
# What a snapshot's frame of a kind must hold (vgcore.snapshots): (field, check, required).
FrameFields = tuple[tuple[str, Any, bool], ...]


class FrameKind:
    """How one kind of procedure frame advances (`run`) and takes an answer (`answer`).

    `run` is called while the frame is on top of the stack and no decision is pending; it does
    one stage of work: pushes frames, pops itself, changes the state, or asks a decision.
    `answer` receives the chosen option of a decision this frame asked. Check timing
    (RULES.md §8) happens only between frames marked `interruptible`, and not while the top
    frame holds `"hold": True` (e.g. a checked card still in the trigger zone).

    Rule actions (RULES.md §9) are checked while a frame with `checks_rules` is on top: by
    default the interruptible ones (the points of the turn and the moments between
    abilities), never a frame that is part of a resolution (an ability's steps, a trigger's
    effect), so one effect that empties both decks is judged once it has fully resolved
    (`rule_point` True or False says so explicitly).

    `fields`: what a snapshot's frame of this kind must hold (vgcore.snapshots): (field,
    check, required), check one of "seat", "uid", "uid?", "uids", "count", "flag", "list",
    "map", "text", or a tuple of the texts allowed. The core's own kinds are described there.
    """

    __slots__ = ("answer", "checks_rules", "fields", "interruptible", "rule_point", "run")

    def __init__(self, run: RunFn, answer: AnswerFn | None = None,
                 interruptible: bool = True, rule_point: bool | None = None,
                 fields: FrameFields = ()) -> None:
        self.run = run
        self.answer = answer
        self.interruptible = interruptible  # pending abilities may resolve while on top
        self.rule_point = rule_point  # None: rule actions are checked iff interruptible
        self.fields = fields
        self.checks_rules: bool = interruptible if rule_point is None else rule_point

    def _key(self) -> tuple[Any, ...]:
        return (self.run, self.answer, self.interruptible, self.rule_point, self.fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FrameKind):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"FrameKind(run={self.run!r}, answer={self.answer!r}, "
                f"interruptible={self.interruptible!r}, rule_point={self.rule_point!r}, "
                f"fields={self.fields!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return FrameKind, self._key()
