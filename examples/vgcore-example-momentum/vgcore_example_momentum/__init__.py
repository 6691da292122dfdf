"""Momentum: each vanguard gets +1000 power per card in its owner's damage zone.

A minimal vgcore mechanic plugin (see docs/modder-guide.md in vgcore): one continuous
modifier, one event kind for card scripts, and a format that enables it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import hookimpl

POWER_PER_DAMAGE = 1000


def momentum(game: Any, uid: int, stat: str) -> int:
    """+1000 power per damage to a vanguard (read whenever power is read)."""
    if stat != "power":
        return 0
    seat, zone = game.state.loc[uid]
    if zone != "VC":
        return 0
    return POWER_PER_DAMAGE * len(game.state.players[seat].zones["damage"])


@hookimpl
def vgcore_continuous_modifiers(fmt: Any) -> list[Any]:
    return [momentum]


@hookimpl
def vgcore_formats() -> list[Path]:
    return [Path(__file__).parent / "formats" / "momentum.yaml"]
