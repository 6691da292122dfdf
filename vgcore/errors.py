"""Typed, actionable errors: each carries what a person needs to fix the cause."""

from __future__ import annotations

from collections.abc import Sequence


class VgError(Exception):
    """Base class of every error vgcore raises on purpose."""


class CardDataError(VgError):
    """A card record, format or deck file is malformed; names file:line:column."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.file, self.line, self.column = file, line, column
        where = ""
        if file is not None:
            where = f"{file}:{line}:{column}: " if line is not None else f"{file}: "
        super().__init__(where + message)
        self.message = message


class FormatError(CardDataError):
    """A format file is malformed or names something that does not exist."""


class DeckError(VgError):
    """A deck list breaks the format's construction rules; lists every violation."""

    def __init__(self, deck: str, violations: Sequence[str]) -> None:
        self.deck = deck
        self.violations = list(violations)
        lines = "\n".join(f"  - {v}" for v in self.violations)
        count = len(self.violations)
        super().__init__(f"deck {deck!r} is not legal ({count} violation(s)):\n{lines}")


class IllegalActionError(VgError, ValueError):
    """An answer that the pending decision does not allow; the game is unchanged."""

    def __init__(self, answer: str, legal: Sequence[str], reason: str = "") -> None:
        self.answer = answer
        self.legal = list(legal)
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"illegal answer {answer!r}{why}; legal answers: " + ", ".join(self.legal)
        )


class ActionSyntaxError(VgError, ValueError):
    """An action string that cannot be parsed at all."""


class ScriptError(VgError):
    """A card script failed: names the card id, the script file and the Lua line."""

    def __init__(self, message: str, card_id: str | None = None, file: str | None = None,
                 line: int | None = None) -> None:
        self.card_id, self.file, self.line = card_id, file, line
        where = []
        if card_id:
            where.append(card_id)
        if file:
            where.append(f"{file}:{line}" if line is not None else file)
        super().__init__((" ".join(where) + ": " if where else "") + message)
        self.message = message


class BudgetExhausted(ScriptError):
    """A script call stopped at the budget its caller gave (`LuaSandbox` `budget=`), before
    the per-call limit: the caller decides what that means (a game ends as a draw,
    vgcore.limits)."""


class ScenarioError(VgError):
    """A scenario file is malformed or its expectations failed."""


class UnknownDeckError(VgError, KeyError):
    """A deck name that no installed set or `--cards` directory registers; lists the decks."""

    def __str__(self) -> str:  # a KeyError would show its message in quotes
        return str(self.args[0]) if self.args else ""


class SnapshotError(VgError, ValueError):
    """A snapshot (`Game.to_json()`) that is malformed or that this registry cannot play."""


class ReplayError(VgError):
    """A replay file is malformed, or re-running it diverged from what it recorded."""


class SeatError(VgError, ValueError):
    """A seat that the game's table does not have; names the seats it has."""


class GameOverError(VgError):
    """An answer was given to a game that has already ended."""


class SimulationError(VgError):
    """A simulation cannot run as asked: its registry cannot be rebuilt in worker processes,
    the Ray backend is not installed or cannot start, or an option does not fit the backend."""
