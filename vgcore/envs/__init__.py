"""Adapters for learning agents: PettingZoo, Gymnasium and OpenSpiel (extra `vgcore[ai]`).

`pettingzoo_env` and `gymnasium_env` are imported on first use, so `import vgcore.envs`
imports none of the AI libraries; `import vgcore.envs.openspiel` registers the OpenSpiel game
"vgcore". The observation and action layout is in docs/envs.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vgcore.envs.gymnasium import gymnasium_env
    from vgcore.envs.pettingzoo import pettingzoo_env

_LAZY = {"pettingzoo_env": "vgcore.envs.pettingzoo", "gymnasium_env": "vgcore.envs.gymnasium"}

__all__ = ["gymnasium_env", "pettingzoo_env"]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'vgcore.envs' has no attribute {name!r}")
    import importlib

    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"vgcore.envs.{name} needs the AI extra: pip install 'vgcore[ai]' "
                          f"({exc})") from exc
    return getattr(loaded, name)
