"""One validated card ability, as the engine reads it at every event, condition and answer.

A class of its own in a compiled module (setup.py's COMPILED): the engine reads an ability's
kind, number, spec and zones thousands of times a game, and a compiled class's attributes are
read directly, where a dataclass of an interpreted module costs a type and descriptor lookup
per read. Treat an Ability as read-only, as the frozen dataclass it replaces was.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, Final

# Where an ability works unless its script says (`zones = {…}`).
DEFAULT_ZONES: Final[Mapping[str, tuple[str, ...]]] = {
    "auto": ("VC", "RC"), "act": ("VC", "RC"), "cont": ("VC", "RC")}


class Ability:
    """One validated ability: its kind, its 1-based number on the card, its spec, the line
    it was declared on, and the zones where it works (`zones`, and `zone_set` to test)."""

    __slots__ = ("judged_by", "kind", "limit_break", "line", "number", "once_per_turn", "spec",
                 "zone_set", "zones")

    def __init__(self, kind: str, number: int, spec: Mapping[str, Any],
                 line: int | None = None) -> None:
        self.kind = kind
        self.number = number
        self.spec = interned(spec)
        self.line = line
        zones = tuple(spec.get("zones") or DEFAULT_ZONES[kind])
        self.zones: tuple[str, ...] = zones
        self.zone_set: frozenset[str] = frozenset(zones)
        # Read at every validity check (vgcore.abilities.is_valid) without a spec lookup.
        self.limit_break: Any = spec.get("limit_break")
        self.once_per_turn: bool = bool(spec.get("once_per_turn"))
        # The engine that last asked which plugin checks can judge this ability, and those
        # checks (vgcore.abilities.checks_for): an engine's plugins never change.
        self.judged_by: tuple[Any, tuple[Any, ...]] | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ability):
            return NotImplemented
        return (self.kind, self.number, self.spec, self.line) == (
            other.kind, other.number, other.spec, other.line)

    def __repr__(self) -> str:
        return (f"Ability(kind={self.kind!r}, number={self.number!r}, spec={self.spec!r}, "
                f"line={self.line!r}, zones={self.zones!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return Ability, (self.kind, self.number, self.spec, self.line)


def interned(value: Any) -> Any:
    """`value` with every string in its dicts, lists and tuples interned (a copy; other
    objects, such as a script's functions, kept as they are). The engine looks a spec's keys
    up with literals ("cost", "op") and its words up in tables keyed by literals (cost and
    step kinds): a string that came from Lua or a cache is equal to the literal but not the
    same object, so each such lookup also compared the characters."""
    kind = type(value)
    if kind is str:
        return sys.intern(value)
    if kind is dict:
        return {interned(k): interned(v) for k, v in value.items()}
    if kind is tuple:
        return tuple([interned(v) for v in value])
    if kind is list:
        return [interned(v) for v in value]
    return value
