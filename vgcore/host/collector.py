"""The host's cycle-collector policy: long-lived objects frozen, full collections when quiet.

A full (generation 2) collection stops every game on the loop while it scans every tracked
object, so its pause lands on whichever answers are waiting (docs/performance.md, "session 9").
So the host:

- warms the engine before it serves (`warm_up`: the modules and card scripts that games load
  on first use — networkx, the Lua runtime — are loaded then, not in the middle of somebody's
  answer) and freezes what exists (`settle`: `gc.freeze()`), so collections never scan it;
- runs a full collection itself when it is quiet (`QuietCollections`: under `QUIET_CPU` of a
  core over the last second, and `QUIET_AFTER` young collections since the last full one),
  which resets CPython's own count, so fewer full collections fall in busy moments.

CPython's own trigger stays on: games that end leave reference cycles (a finished game is
often in one, with its whole state), and only full collections free them; CPython runs one
when the objects that survived into generation 2 since the last have grown by a quarter, which
bounds that garbage in proportion to what is live. (Taking that trigger away — a full
collection only after 100 young ones — let a saturated host grow by 5 MiB/s of finished games'
cycles.) Games are not frozen, for the same reason: frozen cycles are never freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vgcore.plugins import Registry

log = logging.getLogger("vgcore.host")

QUIET_AFTER = 10  # gen-1 collections before a quiet host collects fully (CPython's count)
QUIET_CPU = 0.2  # a host that used less than this share of a core over the last check
CHECK_EVERY = 1.0  # seconds between checks
WARM_UP_ANSWERS = 400  # answers of the warm-up game of each format
# Modules the engine imports on first use, mid-game (ordering.py's precedence graph, the
# card scripts' Lua runtime): loaded before serving so that no answer waits for an import.
LAZY_MODULES = ("networkx", "lupa.lua54", "vgcore.scripting.sandbox")


def warm_up(registry: Registry) -> None:
    """Load what a game loads on first use, by playing a few random answers of one game in
    every format (not stored anywhere), before the host serves."""
    import importlib

    from vgcore.game import Game

    for name in LAZY_MODULES:
        with contextlib.suppress(ImportError):  # an optional module this install lacks
            importlib.import_module(name)
    rng = random.Random(0)
    for format_id in sorted(registry.formats):
        try:
            game = Game.new(registry.engine(format_id), registry.deal_decks(format_id), 0)
            for _ in range(WARM_UP_ANSWERS):
                d = game.decision
                if d is None:
                    break
                game.apply(rng.choice(list(d.options)), seat=d.seat)
        except Exception:  # a broken plugin format must not stop the host: its games fail
            log.warning("warming up format %s failed", format_id, exc_info=True)


def settle() -> None:
    """Collect once, then freeze what exists: it lives as long as the process."""
    gc.collect()
    gc.freeze()


@dataclass(slots=True)
class QuietCollections:
    """Full collections at quiet moments, on top of CPython's own."""

    quiet_after: int = QUIET_AFTER
    quiet_cpu: float = QUIET_CPU
    every: float = CHECK_EVERY
    runs: int = 0  # full collections this policy ran
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Check every `every` seconds whether the host is quiet and a collection is due."""
        self._task = asyncio.get_running_loop().create_task(self.watch())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def watch(self) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        while True:
            await asyncio.sleep(self.every)
            now_cpu, now_wall = time.process_time(), time.perf_counter()
            busy = (now_cpu - cpu) / max(now_wall - wall, 1e-9)
            cpu, wall = now_cpu, now_wall
            if self.due(gc.get_count()[2], busy):
                self.collect()

    def due(self, young: int, busy: float) -> bool:
        """A full collection now? `young`: gen-1 collections since the last full one;
        `busy`: the host's share of a core since the last check."""
        return young >= self.quiet_after and busy < self.quiet_cpu

    def collect(self) -> int:
        self.runs += 1
        return gc.collect()
