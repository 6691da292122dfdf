"""A unit's current power, critical, shield and grade read together (views, observations).

`Game.power`, `critical`, `shield` and `grade` each read the card record and walk the
modifiers, the plugins' stat modifiers and the CONT cache. A view reads all four of every
unit at every step (two thirds of an observation's cost), so `unit_stats` reads the record
once and walks `state.modifiers` once for the four, then asks the plugins' modifiers and the
CONT abilities of each stat in the order the four reads would — the same calls, so the same
values and the same side effects (a failing script's warning). tests/test_unitstats.py
checks it against the four reads at every decision of whole games of every format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vgcore.engine import StatModifier
    from vgcore.game import Game
    from vgcore.types import Uid

def unit_stats(game: Game, uid: Uid) -> tuple[int, int, int, int]:
    """(power, critical, shield, grade) of a unit now: `Game.power(uid)`, `critical`,
    `shield` and `grade`, in one pass."""
    st = game.state
    record = game.engine.records[st.card_ids[uid]]
    power = record.power or 0
    critical = record.critical or 0
    shield = record.shield or 0
    grade = record.grade or 0
    if st.modifiers:
        for m in st.modifiers:
            if m[0] != uid:
                continue
            stat = m[1]
            if stat == "power":
                power += m[2]
            elif stat == "critical":
                critical += m[2]
            elif stat == "shield":
                shield += m[2]
            elif stat == "grade":
                grade += m[2]
            else:
                continue
            if m[3].startswith("while:"):  # a condition to read, in Game._mods' order
                return game.power(uid), game.critical(uid), game.shield(uid), game.grade(uid)
    index = game.index
    flags = st.flags
    granted = bool(flags.get("granted") or flags.get("player_granted"))
    conts = index.cont_stats if index.conts else ()
    by_stat = index.modifiers_by_stat
    # Unrolled (a loop over the four stats costs a quarter more): most stats have nothing to add.
    extras = by_stat.get("power")
    if extras is None:
        extras = index.modifiers_for("power")
    if extras or granted or "power" in conts:
        power += _extras(game, extras, uid, "power", granted or "power" in conts)
    if st.battle is not None:  # after power's own additions, as Game.power reads them
        power += game.battle_power(uid, st.battle)
    extras = by_stat.get("critical")
    if extras is None:
        extras = index.modifiers_for("critical")
    if extras or granted or "critical" in conts:
        critical += _extras(game, extras, uid, "critical", granted or "critical" in conts)
    extras = by_stat.get("shield")
    if extras is None:
        extras = index.modifiers_for("shield")
    if extras or granted or "shield" in conts:
        shield += _extras(game, extras, uid, "shield", granted or "shield" in conts)
    extras = by_stat.get("grade")
    if extras is None:
        extras = index.modifiers_for("grade")
    if extras or granted or "grade" in conts:
        grade += _extras(game, extras, uid, "grade", granted or "grade" in conts)
    return power, critical, shield, grade


def _extras(game: Game, extras: tuple[StatModifier, ...], uid: Uid, stat: str,
            cont: bool) -> int:
    """What plugins' continuous modifiers `extras` and (when `cont`) CONT abilities add to
    a stat: the rest of `Game._mods` after the modifier list."""
    total = 0
    for extra in extras:
        total += extra(game, uid, stat)
    if cont:
        total += (_CONT_DELTA or _cont_delta())(game, uid, stat)
    return total


_CONT_DELTA: Callable[[Game, Uid, str], int] | None = None


def _cont_delta() -> Callable[[Game, Uid, str], int]:
    """`continuous.cont_delta`, imported on first use (continuous imports, through steps,
    the views, which import this module) and kept: an import statement per read costs more
    than the read."""
    global _CONT_DELTA
    from vgcore.continuous import cont_delta

    _CONT_DELTA = cont_delta
    return cont_delta
