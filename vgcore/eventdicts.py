"""The shapes of the answer events the log keeps, built here by the interpreter, on purpose.

mypyc builds a dict display (or the keyword arguments of a call) of six or more keys with a
general key table, 24 bytes a slot, where the interpreter builds one for str keys only, 16
bytes a slot. A game's log keeps about a thousand events, a third of them answers, so the
compiled engine's games held ~12 % more memory (`vgcore bench`'s peak MiB per game) when
compiled code built them. `Game.log_answer` copies one of these templates (a copy keeps the
compact table; filling its keys in place keeps it so), which costs less than calling an
interpreted function per answer, as it once did; `Game.emit` rebuilds a large event key by
key (a dict filled one key at a time has the compact table too)."""

from __future__ import annotations

from typing import Any, Final

# An answer's `decision` event: who answered which question how, forced or not, its number;
# `private` when the answer is for the answering seat only. The values are filled per answer.
ANSWER: dict[str, Any] = {"seat": None, "question": None, "answer": None, "forced": None,
                          "kind": "decision", "n": None}
PRIVATE_ANSWER: dict[str, Any] = {**ANSWER, "private": None}

# An int past 256 is an object of its own, 28 bytes, kept as long as the dict holding it: an
# event's number (its place in the log) and the log position a card entered its zone at
# (history.note_new_object) take one shared object per number instead, made once per process
# (~130 KiB), which saves a game ~5 % of its memory. Typed as objects: compiled code would
# unbox an int read from a tuple of ints and box it again, a new object.
SHARED_NUMBERS: Final = 4096
NUMBERS: Final[tuple[object, ...]] = tuple(range(SHARED_NUMBERS))
# A card's uid as a dict key (flags are JSON: str keys), one shared str per uid.
SHARED_UID_KEYS: Final = 1024
UID_KEYS: Final[tuple[str, ...]] = tuple(str(uid) for uid in range(SHARED_UID_KEYS))
