"""The compiled rules of one format: procedure frames, turn steps, zones and plugin hooks.

An `Engine` is built once per format and set of enabled plugins, then shared by every game of
that format (simulations build it once). Hook results that the hot path needs — frame
handlers, continuous modifiers, rule checks — are collected here into plain lists and dicts,
so a decision never pays for a plugin-manager call it does not need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vgcore.zones import CORE_ZONES, ZoneSpec

if TYPE_CHECKING:
    from vgcore.carddb import CardDB
    from vgcore.decisions import Action
    from vgcore.formats import Format
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat, Uid

RunFn = Callable[["Game", "Frame"], None]
AnswerFn = Callable[["Game", "Frame", "Action"], None]
StatModifier = Callable[["Game", "Uid", str], int]
RuleCheck = Callable[["Game"], "list[tuple[Seat, str]]"]


@dataclass(frozen=True, slots=True)
class FrameKind:
    """How one kind of procedure frame advances (`run`) and takes an answer (`answer`).

    `run` is called while the frame is on top of the stack and no decision is pending; it does
    one stage of work: pushes frames, pops itself, changes the state, or asks a decision.
    `answer` receives the chosen option of a decision this frame asked.
    """

    run: RunFn
    answer: AnswerFn | None = None


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One entry of the turn procedure: the phase it belongs to and the frame kind to run."""

    phase: str
    kind: str


class Engine:
    """Everything a game of one format needs besides its state."""

    def __init__(self, fmt: Format, db: CardDB, hook: Any) -> None:
        self.format = fmt
        self.db = db
        self.hook = hook
        self.frames: dict[str, FrameKind] = {}
        for table in reversed(hook.vgcore_frame_kinds(fmt=fmt)):
            self.frames.update(table)
        self.zones: dict[str, ZoneSpec] = {z.name: z for z in CORE_ZONES}
        for specs in hook.vgcore_zones(fmt=fmt):
            self.zones.update({z.name: z for z in specs})
        self.field_zones = frozenset(n for n, z in self.zones.items() if z.field)
        self.turn_steps: list[TurnStep] = []
        hook.vgcore_turn_steps(steps=self.turn_steps, fmt=fmt)
        self.battle_steps: list[str] = []
        hook.vgcore_battle_steps(steps=self.battle_steps, fmt=fmt)
        self.stat_modifiers: list[StatModifier] = [
            f for fs in hook.vgcore_continuous_modifiers(fmt=fmt) for f in fs
        ]
        self.rule_checks: dict[str, RuleCheck] = {}
        for table in reversed(hook.vgcore_rule_checks(fmt=fmt)):
            self.rule_checks.update(table)
        self._option_hooks = bool(hook.vgcore_extra_options.get_hookimpls())
        unknown = [s.kind for s in self.turn_steps if s.kind not in self.frames]
        unknown += [k for k in self.battle_steps if k not in self.frames]
        if unknown:
            raise ValueError(f"turn procedure names unknown frame kinds: {unknown}")

    def is_field(self, zone: str) -> bool:
        return zone in self.field_zones

    def extra_options(self, game: Game, seat: Seat, kind: str) -> list[Action]:
        """Answers that plugins add to a core decision (ride step, main phase, guard step)."""
        if not self._option_hooks:
            return []
        return [a for acts in self.hook.vgcore_extra_options(game=game, seat=seat, kind=kind)
                for a in acts]

    def apply_extra_option(self, game: Game, seat: Seat, kind: str, action: Action) -> bool:
        """Let the plugin that offered `action` carry it out; False when none claims it."""
        if not self._option_hooks:
            return False
        return bool(self.hook.vgcore_apply_option(game=game, seat=seat, kind=kind,
                                                  action=action))
