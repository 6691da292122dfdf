"""The game as plain data (DESIGN.md §2).

Everything a game is in the middle of lives here: card locations, unit states, modifiers, the
procedure stack, the pending decision, the PRNG and the event log. No object in it refers to
code, so `clone()` is a cheap structural copy and `to_json()`/`from_json()` round-trip at any
decision. Card tables are parallel lists indexed by uid: cloning copies a handful of flat
lists instead of a hundred objects.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Final

from vgcore.decisions import Decision
from vgcore.rng import Pcg32
from vgcore.types import CardId, CircleName, Seat, Uid

Frame = dict[str, Any]
"""One entry of the procedure stack: {"k": kind, ...plain fields}."""

Modifier = tuple[Uid, str, int, str, str]
"""(target uid, stat, amount, until, source) — an immutable continuous change to a unit."""

Event = dict[str, Any]


# Values copy_plain leaves as they are without a call: most of a state's flags are numbers and
# strings (a clone copies the table of when each card became a new object, ~100 entries).
_SCALARS: Final = frozenset({int, str, bool, float, type(None), tuple})


def copy_plain(value: Any) -> Any:
    """Deep-copy nested dicts/lists of plain values (faster than copy.deepcopy)."""
    if isinstance(value, dict):
        out = dict(value)
        for k, v in value.items():
            if v.__class__ not in _SCALARS:
                out[k] = copy_plain(v)
        return out
    if isinstance(value, list):
        return [v if v.__class__ in _SCALARS else copy_plain(v) for v in value]
    return value


@dataclass(slots=True)
class PlayerState:
    """One seat's zones, field layout, circle markers and per-player flags."""

    seat: Seat
    zones: dict[str, list[Uid]]
    circles: dict[CircleName, tuple[str, int]]
    markers: dict[CircleName, list[str]] = field(default_factory=dict)
    flags: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> PlayerState:
        return PlayerState(
            self.seat,
            {name: cards[:] for name, cards in self.zones.items()},
            dict(self.circles),
            {name: marks[:] for name, marks in self.markers.items()},
            copy_plain(self.flags) if self.flags else {},
        )

    def to_json(self, *, copy: bool = True) -> dict[str, Any]:
        """Plain data; `copy=False` shares the live lists (encode it before the game moves)."""
        if not copy:
            return {"seat": self.seat, "zones": self.zones, "circles": self.circles,
                    "markers": self.markers, "flags": self.flags}
        return {
            "seat": self.seat,
            "zones": {k: list(v) for k, v in self.zones.items()},
            "circles": {k: list(v) for k, v in self.circles.items()},
            "markers": {k: list(v) for k, v in self.markers.items()},
            "flags": copy_plain(self.flags),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PlayerState:
        return cls(
            d["seat"],
            {k: list(v) for k, v in d["zones"].items()},
            {k: (v[0], v[1]) for k, v in d["circles"].items()},
            {k: list(v) for k, v in d["markers"].items()},
            copy_plain(d["flags"]),
        )


@dataclass(slots=True)
class GameState:
    """All mutable facts of one game. Uid-indexed lists describe every physical card."""

    seats: tuple[Seat, ...]
    players: dict[Seat, PlayerState]
    card_ids: list[CardId]
    owners: list[Seat]
    loc: list[tuple[Seat, str]]
    face_up: list[bool]
    rested: list[bool]
    rng: Pcg32
    turn: int = 0
    turn_player: Seat = "A"
    first_player: Seat | None = None
    phase: str = "setup"
    stack: list[Frame] = field(default_factory=list)
    decision: Decision | None = None
    decision_seq: int = 0
    modifiers: list[Modifier] = field(default_factory=list)
    battle: dict[str, Any] | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    result: str | None = None
    flags: dict[str, Any] = field(default_factory=dict)

    # -- copying ------------------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy; events, pending abilities and actions are immutable and shared."""
        return GameState(
            self.seats,
            {s: p.clone() for s, p in self.players.items()},
            self.card_ids[:],
            self.owners[:],
            self.loc[:],
            self.face_up[:],
            self.rested[:],
            self.rng.copy(),
            self.turn,
            self.turn_player,
            self.first_player,
            self.phase,
            [dict(f) for f in self.stack],
            self.decision.copy() if self.decision else None,
            self.decision_seq,
            self.modifiers[:],
            copy_plain(self.battle) if self.battle is not None else None,
            self.pending[:],
            self.log[:],
            self.result,
            copy_plain(self.flags) if self.flags else {},
        )

    def to_json(self, *, copy: bool = True) -> dict[str, Any]:
        """Plain data; `copy=False` shares the live structures instead of copying them, for
        a caller that encodes the result at once (`Game.snapshot_text`)."""
        if not copy:
            return self._shared_json()
        return {
            "seats": list(self.seats),
            "players": {s: p.to_json() for s, p in self.players.items()},
            "card_ids": list(self.card_ids),
            "owners": list(self.owners),
            "loc": [list(x) for x in self.loc],
            "face_up": list(self.face_up),
            "rested": list(self.rested),
            "rng": self.rng.to_json(),
            "turn": self.turn,
            "turn_player": self.turn_player,
            "first_player": self.first_player,
            "phase": self.phase,
            "stack": copy_plain(self.stack),
            "decision": self.decision.to_json() if self.decision else None,
            "decision_seq": self.decision_seq,
            "modifiers": [list(m) for m in self.modifiers],
            "battle": copy_plain(self.battle),
            "pending": copy_plain(self.pending),
            "log": copy_plain(self.log),
            "result": self.result,
            "flags": copy_plain(self.flags),
        }

    def _shared_json(self) -> dict[str, Any]:
        return {
            "seats": self.seats, "players": {s: p.to_json(copy=False)
                                             for s, p in self.players.items()},
            "card_ids": self.card_ids, "owners": self.owners, "loc": self.loc,
            "face_up": self.face_up, "rested": self.rested, "rng": self.rng.to_json(),
            "turn": self.turn, "turn_player": self.turn_player,
            "first_player": self.first_player, "phase": self.phase, "stack": self.stack,
            "decision": self.decision.to_json() if self.decision else None,
            "decision_seq": self.decision_seq, "modifiers": self.modifiers,
            "battle": self.battle, "pending": self.pending, "log": self.log,
            "result": self.result, "flags": self.flags,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        """Rebuild from `to_json()` data, trusted as it is: `Game.from_json` checks a
        snapshot first (vgcore.snapshots), so go through it for data from elsewhere."""
        return cls(
            tuple(d["seats"]),
            {s: PlayerState.from_json(p) for s, p in d["players"].items()},
            list(d["card_ids"]),
            list(d["owners"]),
            [(x[0], x[1]) for x in d["loc"]],
            list(d["face_up"]),
            list(d["rested"]),
            Pcg32.from_json(d["rng"]),
            d["turn"],
            d["turn_player"],
            d["first_player"],
            d["phase"],
            _frames_from_json(d["stack"]),
            Decision.from_json(d["decision"]) if d["decision"] else None,
            d["decision_seq"],
            [(m[0], m[1], m[2], m[3], m[4]) for m in d["modifiers"]],
            copy_plain(d["battle"]),
            copy_plain(d.get("pending", [])),
            copy_plain(d["log"]),
            d["result"],
            copy_plain(d["flags"]),
        )

    def state_hash(self) -> str:
        """A digest of the whole state, stable across machines and Python versions: the
        sha256 of its JSON with sorted keys, no blanks and non-ASCII escaped (as `json.dumps`
        writes it). msgspec writes the same bytes straight from the live state, many times
        faster, whenever the text is all ASCII; the rare other state goes through json."""
        import msgspec

        data = msgspec.json.encode(self.to_json(copy=False), order="sorted")
        if not data.isascii():
            data = json.dumps(self.to_json(copy=False), sort_keys=True,
                              separators=(",", ":")).encode()
        return hashlib.sha256(data).hexdigest()[:16]


def _frames_from_json(frames: list[dict[str, Any]]) -> list[Frame]:
    # JSON turns tuples into lists; frames hold only plain scalars, lists and dicts.
    return [copy_plain(f) for f in frames]
