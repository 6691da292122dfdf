"""vgcore's built-in card sets (installed as the `vgcore_cards` package).

Each set is a directory here; each is registered through the `vgcore` entry-point group in
pyproject.toml exactly as a third-party card set would be.
"""

from __future__ import annotations

from pathlib import Path

from vgcore.plugins import CardSetPlugin

HERE = Path(__file__).parent

vanilla = CardSetPlugin(HERE / "vanilla")
demo = CardSetPlugin(HERE / "demo")
