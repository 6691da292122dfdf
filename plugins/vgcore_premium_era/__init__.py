"""Premium-era mechanics (RULES.md §5, §7): G assist, break ride, lock and delete. See README.md.

A plugin like any third-party one: the `premium` format enables it by name (`premium-era`).

- G assist (`gassist.py`): a turn step after the draw phase.
- Break ride: a card declares its break ride effect as an AUTO with the validity key
  `break_ride = true` (usually `when = vg.when.ridden_upon`); the ability is valid only while
  its controller has at least 4 damage. A ride onto a card with such an ability while the
  player's damage is 4 or more gives the new vanguard +10000 power until end of turn (an event
  listener on `ride`) and logs `break_ride`; the card's own effect then resolves as its AUTO.
- Lock and delete (`states.py`): step kinds `lock` and `delete`, the Lua library
  `premium.lua` (`vg.premium`), and their end at the end phase (event listener on
  `end_phase`). Both states are plain modifiers on the card, so they end by themselves when
  the card leaves the field.

Registered through the `vgcore` entry-point group as `premium-era`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import hookimpl
from vgcore.engine import judges
from vgcore.game import Game
from vgcore.types import Until
from vgcore_premium_era import gassist, states

HERE = Path(__file__).parent
BREAK_RIDE_DAMAGE = 4
BREAK_RIDE_POWER = 10_000
BREAK_RIDE_KEY = "break_ride"


def has_break_ride(game: Game, card_id: str) -> bool:
    """Whether a card's script declares a break ride ability."""
    script = game.engine.script(card_id)
    return script is not None and any(a.spec.get(BREAK_RIDE_KEY) for a in script.abilities)


def on_ride(game: Game, event: dict[str, Any]) -> None:
    """Riding onto a card with a break ride ability while damage ≥ 4 is a break ride."""
    previous = event.get("previous_uid")
    if previous is None:
        return
    seat = event["seat"]
    if game.team_damage(seat) < BREAK_RIDE_DAMAGE or not has_break_ride(game, event["previous"]):
        return
    game.emit(BREAK_RIDE_KEY, seat=seat, card=event["card"], uid=event["uid"],
              previous=event["previous"], previous_uid=previous)
    game.add_modifier(event["uid"], "power", BREAK_RIDE_POWER, Until.TURN, source=BREAK_RIDE_KEY)


@judges(BREAK_RIDE_KEY)
def break_ride_valid(game: Game, seat: str, uid: int, ability: Any) -> bool:
    """A break ride ability exists only while its controller has at least 4 damage. It is a
    limit break 4, so a tag fight team's total counts (RULES.md §13)."""
    if not ability.spec.get(BREAK_RIDE_KEY):
        return True
    return game.team_damage(seat) >= BREAK_RIDE_DAMAGE


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, Any]:
    # The draw phase's frame kind is replaced by one that draws, then runs the G assist step
    # when it is available (see gassist.py for why this is not a separate turn step).
    return dict(gassist.FRAMES)


@hookimpl
def vgcore_step_kinds(fmt: Any) -> dict[str, Any]:
    return dict(states.STEPS)


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    return [HERE / "premium.lua"]


@hookimpl
def vgcore_validity_keys(fmt: Any) -> dict[str, str]:
    return {BREAK_RIDE_KEY: "bool"}


@hookimpl
def vgcore_ability_validity(fmt: Any) -> list[Any]:
    return [break_ride_valid]


@hookimpl
def vgcore_event_listeners(fmt: Any) -> dict[str, list[Any]]:
    return {"ride": [on_ride], "end_phase": [states.end_phase]}


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return ["g_assist", "g_assist_found", BREAK_RIDE_KEY, "lock", "unlock", "delete",
            "undelete"]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {"g_assist": ["hand"], "g_assist_found": ["card"], BREAK_RIDE_KEY: ["card"],
            "lock": ["card"], "unlock": ["card"], "delete": ["card"], "undelete": ["card"]}
