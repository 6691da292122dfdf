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
_MASK32: Final = 0xFFFFFFFF
# The multiplier in 16-bit limbs: `_step` multiplies 16-bit limbs of the state's 32-bit
# halves, so every product stays below 2**32 — a machine multiply, compiled (mypyc's fast
# path takes factors below 2**30) — where the 64-bit formula makes a 127-bit product.
_ML0: Final = _MULT & 0xFFFF
_ML1: Final = (_MULT >> 16) & 0xFFFF
_MH0: Final = (_MULT >> 32) & 0xFFFF
_MH1: Final = _MULT >> 48


def _step(hi: int, lo: int, ih: int, il: int) -> tuple[int, int, int]:
    """One PCG32 step on 32-bit halves (state = hi·2³² + lo, increment = ih·2³² + il): the
    next state's halves and the output of the current state — `Pcg32.next_u32`'s numbers."""
    # the output: XSH-RR of the current state
    xs = (((hi << 5) | (lo >> 27)) ^ (hi >> 13)) & _MASK32  # ((s >> 18) ^ s) >> 27, 32 bits
    rot = hi >> 27  # s >> 59
    out = (xs >> rot) | ((xs & ((1 << rot) - 1)) << (32 - rot))
    # the next state, s·MULT + inc mod 2**64, in 16-bit limbs
    lo0, lo1, hi0, hi1 = lo & 0xFFFF, lo >> 16, hi & 0xFFFF, hi >> 16
    mid = lo1 * _ML0 + lo0 * _ML1
    low = lo0 * _ML0 + ((mid & 0xFFFF) << 16)  # lo·MULT_lo = low + carry·2³²
    carry = (low >> 32) + (mid >> 16) + lo1 * _ML1
    low_sum = (low & _MASK32) + il
    high = (carry + (low_sum >> 32) + ih
            + hi0 * _ML0 + (((hi1 * _ML0 + hi0 * _ML1) & 0xFFFF) << 16)  # hi·MULT_lo
            + lo0 * _MH0 + (((lo1 * _MH0 + lo0 * _MH1) & 0xFFFF) << 16))  # lo·MULT_hi
    return high & _MASK32, low_sum & _MASK32, out


class Pcg32:
    """A PCG32 stream; its position is two 64-bit ints (`state`, `inc`), plain data. They
    are kept as 32-bit halves, what `_step` works on, so that a draw makes no big int."""

    __slots__ = ("_hi", "_ih", "_il", "_lo")
    _hi: int  # state = _hi·2³² + _lo
    _lo: int
    _ih: int  # inc = _ih·2³² + _il
    _il: int

    def __init__(self, seed: int = 0, stream: int = 54, *,
                 position: tuple[int, int] | None = None,
                 halves: tuple[int, int, int, int] | None = None) -> None:
        if halves is not None:  # a copy's: (_hi, _lo, _ih, _il)
            self._hi, self._lo, self._ih, self._il = halves
            return
        if position is not None:  # a snapshot's: (state, inc)
            self.state, self.inc = position
            return
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    @property
    def state(self) -> int:
        return (self._hi << 32) | self._lo

    @state.setter
    def state(self, value: int) -> None:
        self._hi, self._lo = (value >> 32) & _MASK32, value & _MASK32

    @property
    def inc(self) -> int:
        return (self._ih << 32) | self._il

    @inc.setter
    def inc(self, value: int) -> None:
        self._ih, self._il = (value >> 32) & _MASK32, value & _MASK32

    def next_u32(self) -> int:
        """Return the next 32-bit output and advance the state: the specification, in the
        64-bit formula, that `_step` computes by halves (tests/test_determinism.py)."""
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
        hi, lo, ih, il = self._hi, self._lo, self._ih, self._il
        while True:  # agents and the rules draw once per decision
            hi, lo, r = _step(hi, lo, ih, il)
            if r >= threshold:
                self._hi, self._lo = hi, lo
                return r % bound

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place, from the last position down: `below(i + 1)` for
        each position, on the state's halves throughout (every game shuffles two 50-card
        decks, more in its set-up and after each search; the same numbers as `below`)."""
        hi, lo, ih, il = self._hi, self._lo, self._ih, self._il
        for i in range(len(items) - 1, 0, -1):
            bound = i + 1
            threshold = (0x100000000 - bound) % bound
            hi, lo, r = _step(hi, lo, ih, il)
            while r < threshold:
                hi, lo, r = _step(hi, lo, ih, il)
            j = r % bound
            items[i], items[j] = items[j], items[i]
        self._hi, self._lo = hi, lo

    def copy(self) -> Pcg32:
        return Pcg32(halves=(self._hi, self._lo, self._ih, self._il))

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: list[int]) -> Pcg32:
        return cls(position=(int(data[0]), int(data[1])))
