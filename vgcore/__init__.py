"""vgcore: a headless rules engine for Cardfight!! Vanguard.

The public API: build a `Registry` of installed card sets, formats and plugins, start a
`Game`, answer its decisions with action strings, read it through `view(seat)`; keep a game as
a `Replay` (format, decks, seed, answers) or a JSON snapshot (`Game.to_json`, `Registry.load`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from vgcore import native

# Before any engine module loads: use the compiled ones only if they match their sources.
native.install()

if TYPE_CHECKING:  # what the names below are, for type checkers; imported on first use
    from vgcore.carddb import CardDB, CardRecord
    from vgcore.decisions import Action, Decision, parse
    from vgcore.decks import DeckList
    from vgcore.engine import Engine, FrameKind, PluginScope, TurnStep, modifies
    from vgcore.errors import (
        ActionSyntaxError,
        CardDataError,
        DeckError,
        FormatError,
        GameOverError,
        IllegalActionError,
        ScenarioError,
        ScriptError,
        SeatError,
        SnapshotError,
        UnknownDeckError,
        VgError,
    )
    from vgcore.formats import Format
    from vgcore.game import Game
    from vgcore.hookspecs import hookimpl
    from vgcore.plugins import CardSetPlugin, Registry, default_registry
    from vgcore.replay import Replay, ReplayError
    from vgcore.state import GameState

# The public names and the modules that define them. `import vgcore` imports none of them:
# each is imported when first read (PEP 562), so a command, a plugin or a host pays only for
# what it uses (`from vgcore import hookimpl` does not build the rules engine).
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("CardDB", "CardRecord"), "vgcore.carddb"),
    **dict.fromkeys(("Action", "Decision", "parse"), "vgcore.decisions"),
    "DeckList": "vgcore.decks",
    **dict.fromkeys(("Engine", "FrameKind", "PluginScope", "TurnStep", "modifies"),
                    "vgcore.engine"),
    **dict.fromkeys(("ActionSyntaxError", "CardDataError", "DeckError", "FormatError",
                     "GameOverError", "IllegalActionError", "ScenarioError", "ScriptError",
                     "SeatError", "SnapshotError", "UnknownDeckError", "VgError"),
                    "vgcore.errors"),
    "Format": "vgcore.formats",
    "Game": "vgcore.game",
    "hookimpl": "vgcore.hookspecs",
    **dict.fromkeys(("CardSetPlugin", "Registry", "default_registry"), "vgcore.plugins"),
    **dict.fromkeys(("Replay", "ReplayError"), "vgcore.replay"),
    "GameState": "vgcore.state",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vgcore' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next read is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionSyntaxError",
    "CardDB",
    "CardDataError",
    "CardRecord",
    "CardSetPlugin",
    "Decision",
    "DeckError",
    "DeckList",
    "Engine",
    "Format",
    "FormatError",
    "FrameKind",
    "Game",
    "GameOverError",
    "GameState",
    "IllegalActionError",
    "PluginScope",
    "Registry",
    "Replay",
    "ReplayError",
    "ScenarioError",
    "ScriptError",
    "SeatError",
    "SnapshotError",
    "TurnStep",
    "UnknownDeckError",
    "VgError",
    "__version__",
    "default_registry",
    "hookimpl",
    "modifies",
    "parse",
]
