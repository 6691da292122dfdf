"""vgcore: a headless rules engine for Cardfight!! Vanguard.

The public API: build a `Registry` of installed card sets, formats and plugins, start a
`Game`, answer its decisions with action strings, read it through `view(seat)`; keep a game as
a `Replay` (format, decks, seed, answers) or a JSON snapshot (`Game.to_json`, `Registry.load`).
"""

from vgcore.carddb import CardDB, CardRecord
from vgcore.decisions import Action, Decision, parse
from vgcore.decks import DeckList
from vgcore.engine import Engine, FrameKind, TurnStep, modifies
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

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionSyntaxError", "CardDB", "CardDataError", "CardRecord", "CardSetPlugin",
    "Decision", "DeckError", "DeckList", "Engine", "Format", "FormatError", "FrameKind", "Game",
    "GameOverError", "GameState", "IllegalActionError", "Registry", "Replay", "ReplayError",
    "ScenarioError", "ScriptError", "SeatError", "SnapshotError", "TurnStep", "UnknownDeckError",
    "VgError", "__version__", "default_registry", "hookimpl", "modifies", "parse",
]
