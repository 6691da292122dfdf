"""Sandboxed Lua for card scripts: the only way vgcore runs card skills."""

from __future__ import annotations

from vgcore.scripting.sandbox import LuaSandbox

__all__ = ["LuaSandbox"]
