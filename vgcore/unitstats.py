"""A unit's current power, critical, shield and grade read together (views, observations).

`Game.power`, `critical`, `shield` and `grade` each read the card record and walk the
modifiers, the plugins' stat modifiers and the CONT cache. A view reads all four of every
unit at every step (two thirds of an observation's cost), so a `StatReader` reads each
record once and walks the modifiers once for the four, then asks the plugins' modifiers and
the CONT abilities of each stat in the order the four reads would — the same calls, so the
same values and the same side effects (a failing script's warning), but for a modifier whose
`when` test (`vgcore.engine.modifies`) says it adds nothing now; what all the units of one
moment share (the modifiers by unit, the index's lists and tests, each stat's CONT deltas)
it looks up once. `unit_stats` is one reader's read of one unit. tests/test_unitstats.py checks
both against the four reads at every decision of whole games of every format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from vgcore.engine import StatModifier
    from vgcore.game import Game
    from vgcore.state import Modifier
    from vgcore.types import Uid

STATS: Final = ("power", "critical", "shield", "grade")  # unit_stats' order, Game._mods' too


def unit_stats(game: Game, uid: Uid) -> tuple[int, int, int, int]:
    """(power, critical, shield, grade) of a unit now: `Game.power(uid)`, `critical`,
    `shield` and `grade`, in one pass (a `StatReader` of this moment, read once)."""
    return StatReader(game).stats(uid)


_CONT_VALUES: Callable[[Game, str], dict[Uid, int]] | None = None


def _cont_values() -> Callable[[Game, str], dict[Uid, int]]:
    """`continuous.cont_values`, imported on first use and kept: an import statement per
    read costs more than the read."""
    global _CONT_VALUES
    from vgcore.continuous import cont_values  # continuous imports, through steps, the views

    _CONT_VALUES = cont_values
    return cont_values


class StatReader:
    """`unit_stats` of many units of one moment of a game (an observation): what every read
    shares is looked up once — the modifiers by unit, which stats have plugin modifiers or
    CONT abilities to ask, and each stat's CONT deltas (`continuous.cont_values`, fetched at
    its first use, where `cont_delta` would have worked them out). Valid only while the game
    is merely read: make a new one after any change. The same calls in the same order as
    the four reads, so the same values."""

    __slots__ = ("_battle", "_card_ids", "_cont", "_game", "_mods", "_power", "_printed",
                 "_records", "_rest")

    def __init__(self, game: Game) -> None:
        st = game.state
        self._game = game
        self._records = game.engine.records
        self._card_ids = st.card_ids
        self._battle = st.battle
        mods: dict[Uid, list[Modifier]] = {}
        for m in st.modifiers:
            if m[1] in STATS:
                mods.setdefault(m[0], []).append(m)
        self._mods = mods
        index = game.index
        self._printed = index.printed_stats
        granted = game.granted_changes()
        conts = index.cont_stats if index.conts else ()
        # (index in STATS, stat, plugin modifiers, whether CONT abilities may add) of each
        # stat with something to ask: most stats of most games have nothing. A modifier
        # whose `when` test says it adds nothing now is left out (`GameIndex.modifiers_now`).
        work = []
        for i, stat in enumerate(STATS):
            extras = index.modifiers_now(game, stat)
            cont = stat in conts or stat in granted
            if extras or cont:
                work.append((i, stat, extras, cont))
        self._power = work.pop(0) if work and work[0][0] == 0 else None
        self._rest = tuple(work)
        self._cont: dict[str, dict[Uid, int]] = {}

    def stats(self, uid: Uid) -> tuple[int, int, int, int]:
        """`unit_stats(game, uid)`: (power, critical, shield, grade)."""
        card_id = self._card_ids[uid]
        printed = self._printed.get(card_id)
        if printed is None:  # a card record's attributes are slow reads from compiled code
            record = self._records[card_id]
            printed = self._printed[card_id] = (record.power or 0, record.critical or 0,
                                                record.shield or 0, record.grade or 0)
        power = printed[0]
        others = [printed[1], printed[2], printed[3]]
        mods = self._mods.get(uid)
        if mods is not None:
            for m in mods:
                if m[1] == "power":
                    power += m[2]
                else:
                    others[STATS.index(m[1]) - 1] += m[2]
                if m[3].startswith("while:"):  # a condition to read, in Game._mods' order
                    game = self._game
                    return game.power(uid), game.critical(uid), game.shield(uid), game.grade(uid)
        game = self._game
        if self._power is not None:
            power += self._extras(uid, self._power)
        if self._battle is not None:  # after power's own additions, as Game.power reads them
            power += game.battle_power(uid, self._battle)
        for plan in self._rest:
            others[plan[0] - 1] += self._extras(uid, plan)
        return power, others[0], others[1], others[2]

    def _extras(self, uid: Uid, plan: tuple[int, str, tuple[StatModifier, ...], bool]) -> int:
        """What the plugins' modifiers and (when the plan says) CONT abilities add."""
        _i, stat, extras, cont = plan
        game = self._game
        total = 0
        for extra in extras:
            total += extra(game, uid, stat)
        if cont:
            deltas = self._cont.get(stat)
            if deltas is None:
                deltas = self._cont[stat] = (_CONT_VALUES or _cont_values())(game, stat)
            total += deltas.get(uid, 0)
        return total
