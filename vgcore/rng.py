"""The game's only source of chance: PCG32 (XSH-RR), fully specified here.

Python's `random` may change its algorithms between versions; a replay must not. PCG32 is
O'Neill's 64-bit-state permuted congruential generator; its state is two integers that live in
the game state, so clones and JSON snapshots carry the exact position in the sequence.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Final

_MASK64: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005
_DEFAULT_INC: Final = 1442695040888963407


class Pcg32:
    """A PCG32 stream; `state` and `inc` are plain ints so the generator is plain data."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int = 0, stream: int = 54, *,
                 position: tuple[int, int] | None = None) -> None:
        if position is not None:  # a copy or a snapshot's: (state, inc)
            self.state, self.inc = position
            return
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        """Return the next 32-bit output and advance the state."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound) without modulo bias (rejection sampling)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        threshold = (0x100000000 - bound) % bound
        state, inc = self.state, self.inc
        while True:  # `next_u32` written out: agents and the rules draw once per decision
            old = state
            state = (old * _MULT + inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if r >= threshold:
                self.state = state
                return r % bound

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place, from the last position down: `below(i + 1)` for
        each position, the generator's steps written out in locals (every game shuffles two
        50-card decks, more in its set-up; the same numbers as calling `below`)."""
        state, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            bound = i + 1
            threshold = (0x100000000 - bound) % bound
            while True:
                old = state
                state = (old * _MULT + inc) & _MASK64
                xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                rot = old >> 59
                r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
                if r >= threshold:
                    break
            j = r % bound
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> Pcg32:
        return Pcg32(position=(self.state, self.inc))

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: list[int]) -> Pcg32:
        return cls(position=(int(data[0]), int(data[1])))
