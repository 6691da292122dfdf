"""Sandboxed Lua for card scripts: the only way vgcore runs card skills.

`LuaSandbox` is imported on first use: lupa loads a Lua runtime, which a program that runs
no card script (a vanilla game, a command that only reads files) should not pay for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vgcore.scripting.sandbox import LuaSandbox

__all__ = ["LuaSandbox"]


def __getattr__(name: str) -> Any:
    if name == "LuaSandbox":
        from vgcore.scripting.sandbox import LuaSandbox

        return LuaSandbox
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
