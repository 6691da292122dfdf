"""The standard rules, registered as a plugin like any other (DESIGN.md §7).

It provides the three standard formats, the core procedure frames, the turn and battle step
lists and the rule checks. A format never disables it; plugins edit what it lays down.
"""

from __future__ import annotations

from pathlib import Path

from vgcore import abilities, battle, costs, events, gamestart, phases, rules, steps, triggers
from vgcore.engine import FrameKind, RuleCheck, TurnStep
from vgcore.formats import Format
from vgcore.hookspecs import hookimpl

FORMATS_DIR = Path(__file__).parent / "formats"


@hookimpl
def vgcore_formats() -> list[Path]:
    return sorted(FORMATS_DIR.glob("*.yaml"))


# trylast: called last, so the engine applies it first and plugins' entries override it.
@hookimpl(trylast=True)
def vgcore_frame_kinds(fmt: Format) -> dict[str, FrameKind]:
    return {**gamestart.FRAMES, **phases.FRAMES, **battle.FRAMES, **triggers.FRAMES,
            **abilities.FRAMES, **steps.FRAMES}


@hookimpl(trylast=True)
def vgcore_step_kinds(fmt: Format) -> dict[str, steps.StepKind]:
    return dict(steps.CORE_STEPS)


@hookimpl(trylast=True)
def vgcore_cost_kinds(fmt: Format) -> dict[str, costs.CanPay]:
    return dict(costs.COST_CHECKS)


@hookimpl
def vgcore_event_kinds(fmt: Format) -> list[str]:
    return sorted(events.CORE_EVENTS)


@hookimpl(tryfirst=True)
def vgcore_turn_steps(steps: list[TurnStep], fmt: Format) -> None:
    steps[:0] = phases.STANDARD_TURN


@hookimpl(tryfirst=True)
def vgcore_battle_steps(steps: list[str], fmt: Format) -> None:
    steps[:0] = battle.STANDARD_BATTLE_STEPS


@hookimpl(trylast=True)
def vgcore_rule_checks(fmt: Format) -> dict[str, RuleCheck]:
    return dict(rules.STANDARD_CHECKS)


GRANT = "{uid: uid, by: any, path: any, until: str}"  # path and by resolved in snapshots.py
WHILE = "{seat: seat, uid: uid, by: any, path: any}"
PLAYER_GRANT = "{seat: seat, by: any, path: any, until: str}"  # a `give_player` ability


@hookimpl
def vgcore_flag_shapes(fmt: Format) -> dict[str, dict[str, str]]:
    """The flags the core keeps (vgcore/game.py, abilities.py, steps.py, gamestart.py)."""
    return {
        "game": {"granted": "{str: " + GRANT + "}", "grant_seq": "int",
                 "while": "{str: " + WHILE + "}", "used": "{str: int}",
                 "player_granted": "{str: " + PLAYER_GRANT + "}",
                 "pending_seq": "int", "script_errors": "[str]",
                 "first_player_rule": "str", "entered": "{uid: int}"},
        "player": {"first_vanguard": "str?", "states": "{str: int}", "this_turn": "any"},
    }
