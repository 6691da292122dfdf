"""vgcore's built-in card sets (installed as the `vgcore_cards` package).

Each set is a directory here; each is registered through the `vgcore` entry-point group in
pyproject.toml exactly as a third-party card set would be.
"""

from __future__ import annotations

from pathlib import Path

from vgcore.plugins import CardSetPlugin, LuaLibraryPlugin

HERE = Path(__file__).parent

# Shared Lua helpers (card_scripts/lib) that every card script can use through `vg`.
lib = LuaLibraryPlugin(HERE / "lib")

vanilla = CardSetPlugin(HERE / "vanilla")
demo = CardSetPlugin(HERE / "demo")
TD01 = CardSetPlugin(HERE / "TD01")
TD02 = CardSetPlugin(HERE / "TD02")
D_SD01 = CardSetPlugin(HERE / "D-SD01")
D_SD02 = CardSetPlugin(HERE / "D-SD02")
D_SD03 = CardSetPlugin(HERE / "D-SD03")
D_SD04 = CardSetPlugin(HERE / "D-SD04")
D_SD05 = CardSetPlugin(HERE / "D-SD05")
D_BT01 = CardSetPlugin(HERE / "D-BT01")
GX01 = CardSetPlugin(HERE / "GX01")
VX01 = CardSetPlugin(HERE / "VX01")
