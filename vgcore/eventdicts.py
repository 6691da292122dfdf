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

from typing import Any

# An answer's `decision` event: who answered which question how, forced or not, its number;
# `private` when the answer is for the answering seat only. The values are filled per answer.
ANSWER: dict[str, Any] = {"seat": None, "question": None, "answer": None, "forced": None,
                          "kind": "decision", "n": None}
PRIVATE_ANSWER: dict[str, Any] = {**ANSWER, "private": None}
