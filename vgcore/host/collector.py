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

- freezes what survives each collection of generation 1 (`QuietCollections.on_gc`), so that
  the full ones scan only what was promoted since: the live games' states are most of what
  the host holds, and scanning 100 of them was a 15-25 ms pause (docs/performance.md,
  session 10). Few cycles become garbage after surviving that long (a host traced at 2,000
  answers/s found 0-30 objects in its full collections per 15 s).
  Frozen objects are still freed by reference counting; only a reference cycle among them
  waits for the next thaw (`collect`: unfreeze, collect, freeze again), which runs at quiet
  moments, or whatever the load once the frozen generation has doubled since the last
  (`THAW_GROWTH`: leaked cycles cannot grow without bound). Games are frozen too: the host
  breaks the one cycle a finished game holds when it lets it go (room.py `let_go`), so a
  game is freed the moment it is dropped, frozen or not.

CPython's own trigger stays on: it runs a full collection once the objects promoted into
generation 2 since the last have grown by a quarter of what survived it, which bounds young
garbage cycles in proportion to what is live. (Taking that trigger away — a full collection
only after 100 young ones — let a saturated host grow by 5 MiB/s of finished games' cycles,
before the host broke those cycles.)
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
THAW_GROWTH = 2.0  # a frozen generation this many times its size after the last thaw is
# thawed even when busy (cycles among frozen objects wait for a thaw to be freed)
FREEZE_FROM = 1  # the survivors of collections of this generation and older are frozen
QUIET_THAW_GROWTH = 1.1  # a quiet host's full collection thaws first past this growth
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
    """Full collections at quiet moments, on top of CPython's own; what survives into the
    oldest generation is frozen (`on_gc`), so full collections scan only what is new."""

    quiet_after: int = QUIET_AFTER
    quiet_cpu: float = QUIET_CPU
    every: float = CHECK_EVERY
    thaw_growth: float = THAW_GROWTH
    freeze_from: int = FREEZE_FROM
    runs: int = 0  # full collections this policy ran (thaws)
    freezes: int = 0  # full collections whose survivors were frozen
    thawed_at: int = 0  # frozen objects just after the last thaw (or at start)
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Freeze the survivors of older collections from now on, and check every
        `every` seconds whether the host is quiet and a thaw is due."""
        self.thawed_at = gc.get_freeze_count()
        gc.callbacks.append(self.on_gc)
        self._task = asyncio.get_running_loop().create_task(self.watch())

    def stop(self) -> None:
        """Stop freezing and checking; what this policy froze is given back to the
        collector (frozen cycles would never be freed otherwise)."""
        if self._task is not None:
            self._task.cancel()
        if self.on_gc in gc.callbacks:
            gc.callbacks.remove(self.on_gc)
            if self.freezes:
                gc.unfreeze()

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        """Once a collection of generation 1 or 2 ends, the young generations are empty:
        what the collector tracks has survived into the oldest, and frozen it is out of
        the way of every later collection. (Frozen after full collections only, the
        objects promoted in the ~7 s between two of them made each a 20-25 ms pause.)"""
        if phase == "stop" and info["generation"] >= self.freeze_from:
            gc.freeze()
            self.freezes += 1

    async def watch(self) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        while True:
            await asyncio.sleep(self.every)
            now_cpu, now_wall = time.process_time(), time.perf_counter()
            busy = (now_cpu - cpu) / max(now_wall - wall, 1e-9)
            cpu, wall = now_cpu, now_wall
            if self.due(gc.get_count()[2], busy) or self.overgrown(gc.get_freeze_count()):
                self.collect()

    def due(self, young: int, busy: float) -> bool:
        """A full collection now? `young`: gen-1 collections since the last full one;
        `busy`: the host's share of a core since the last check."""
        return young >= self.quiet_after and busy < self.quiet_cpu

    def overgrown(self, frozen: int) -> bool:
        """Has the frozen generation grown enough since the last thaw to thaw it, busy or
        not? (Only cycles among frozen objects need a thaw; live games are freed anyway.)"""
        return frozen > self.thaw_growth * max(self.thawed_at, 1)

    def collect(self) -> int:
        """A full collection; a thaw first (everything frozen given back to be collected
        with the rest, and frozen again by `on_gc`) once the frozen generation has grown
        by a tenth since the last thaw."""
        self.runs += 1
        if gc.get_freeze_count() <= QUIET_THAW_GROWTH * self.thawed_at:
            return gc.collect()
        gc.unfreeze()
        found = gc.collect()
        self.thawed_at = gc.get_freeze_count()
        return found
