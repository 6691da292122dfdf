"""Event dicts the log keeps, given their final shape here, in a module the engine does not
compile, on purpose.

mypyc builds a dict display (or the keyword arguments of a call) of six or more keys with a
general key table, 24 bytes a slot, where the interpreter builds one for str keys only, 16
bytes a slot. A game's log keeps about a thousand events, a third of them answers, so the
compiled engine's games held ~12 % more memory (`vgcore bench`'s peak MiB per game) until
these two functions, run by the interpreter, built the kept dicts: one interpreted call per
answer, and per event of eight or more keys, costs far less than that memory."""

from __future__ import annotations

from typing import Any


def answer_event(seat: str, question: str, answer: str, forced: bool, n: int,
                 secret: bool) -> dict[str, Any]:
    """An answer's `decision` event: who answered which question how, forced or not, its
    number; `private` when the answer is for the answering seat only."""
    if secret:
        return {"seat": seat, "question": question, "answer": answer, "forced": forced,
                "kind": "decision", "n": n, "private": seat}
    return {"seat": seat, "question": question, "answer": answer, "forced": forced,
            "kind": "decision", "n": n}


def compact(event: dict[str, Any]) -> dict[str, Any]:
    """The same event in a str-keyed table of the least size (same keys, same order)."""
    return dict(event.items())
