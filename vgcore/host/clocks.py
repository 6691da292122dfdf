"""Chess clocks for a hosted game: wall time kept outside the engine state.

The engine never sees time (a game stays seed + answers, so it replays the same anywhere);
the host charges each seat for the time its decisions take. A seat's bank runs only after the
decision's grace period; each answer adds the increment. The bank after every answer is
journaled with it, so a restarted host continues from the banks it had acknowledged (the time
the host itself was down is charged to no one).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from vgcore.host.protocol import ClockSpec


@dataclass(slots=True)
class Clock:
    spec: ClockSpec
    remaining: dict[str, int]  # seat -> ms left in its bank
    running: str | None = None  # the seat whose decision is being timed
    started: float = 0.0  # time.monotonic() when it started
    now: Callable[[], float] = field(default=time.monotonic, repr=False)

    @classmethod
    def new(cls, spec: ClockSpec, seats: list[str]) -> Clock:
        return cls(spec, dict.fromkeys(seats, spec.bank_ms))

    def start(self, seat: str) -> float:
        """Start timing `seat`'s decision; returns the seconds until it runs out."""
        self.running = seat
        self.started = self.now()
        return (self.spec.grace_ms + self.remaining[seat]) / 1000

    def stop(self) -> int:
        """Stop the running seat's clock at an answer: charge the time past the grace period,
        add the increment; returns its bank now (ms)."""
        seat = self.running
        assert seat is not None
        used = max(0, round((self.now() - self.started) * 1000) - self.spec.grace_ms)
        left = max(0, self.remaining[seat] - used) + self.spec.increment_ms
        self.remaining[seat] = left
        self.running = None
        return left

    def expire(self) -> None:
        """The running seat's time ran out: its bank is empty (no increment)."""
        assert self.running is not None
        self.remaining[self.running] = 0
        self.running = None

    def left(self, seat: str) -> int:
        """`seat`'s bank as of now (its running decision's time past grace taken off)."""
        if seat != self.running:
            return self.remaining[seat]
        used = max(0, round((self.now() - self.started) * 1000) - self.spec.grace_ms)
        return max(0, self.remaining[seat] - used)
