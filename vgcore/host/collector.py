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
  moments, or whatever the load `THAW_EVERY` seconds after the last (so such cycles cannot
  pile up without bound). The frozen generation's size is not watched: CPython counts it
  by walking it (`gc.get_freeze_count`: 7-17 ms a call on a busy host). Games are frozen
  too: the host breaks the one cycle a finished game holds when it lets it go
  (`Game.drop_scripts`), so a game is freed the moment it is dropped, frozen or not.

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
THAW_EVERY = 300.0  # seconds after which a busy host thaws anyway (cycles among frozen
# objects wait for a thaw to be freed: this bounds how long)
FREEZE_FROM = 1  # the survivors of collections of this generation and older are frozen
QUIET_THAW_EVERY = 30.0  # seconds between a quiet host's thaws (each scans everything)
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
    thaw_every: float = THAW_EVERY
    freeze_from: int = FREEZE_FROM
    quiet_thaw_every: float = QUIET_THAW_EVERY
    runs: int = 0  # full collections this policy ran (thaws among them)
    thaws: int = 0  # thaws among them
    freezes: int = 0  # collections whose survivors were frozen
    young: int = 0  # gen-1 collections since the last full one (seen by `on_gc`)
    thawed_freezes: int = 0  # `freezes` when the last thaw ended
    thawed: float = 0.0  # when the last thaw ended (or the policy started), perf_counter
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Freeze the survivors of older collections from now on, and check every
        `every` seconds whether the host is quiet or a thaw is overdue."""
        self.thawed = time.perf_counter()
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
        if phase != "stop":
            return
        generation = info["generation"]
        self.young = 0 if generation == 2 else self.young + (generation == 1)
        if generation >= self.freeze_from:
            gc.freeze()  # which also zeroes CPython's own counts: `young` counts instead
            self.freezes += 1

    async def watch(self) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        while True:
            await asyncio.sleep(self.every)
            now_cpu, now_wall = time.process_time(), time.perf_counter()
            busy = (now_cpu - cpu) / max(now_wall - wall, 1e-9)
            cpu, wall = now_cpu, now_wall
            young = self.young if self.freezes else gc.get_count()[2]
            if self.overdue(now_wall):
                self.collect(thaw=True)
            elif self.due(young, busy):
                self.collect()

    def due(self, young: int, busy: float) -> bool:
        """A full collection now? `young`: gen-1 collections since the last full one;
        `busy`: the host's share of a core since the last check."""
        return young >= self.quiet_after and busy < self.quiet_cpu

    def overdue(self, now: float) -> bool:
        """Is a thaw due whatever the load? (Only cycles among frozen objects need one:
        a game, frozen or not, is freed when it is dropped.)"""
        return now - self.thawed >= self.thaw_every

    def collect(self, *, thaw: bool = False) -> int:
        """A full collection: a thaw (everything frozen given back to be collected with the
        rest, and frozen again by `on_gc`) when asked, or when something was frozen since
        the last thaw and that was `quiet_thaw_every` seconds ago (the first one at once);
        else of what is not frozen only, which is short."""
        self.runs += 1
        now = time.perf_counter()
        if not thaw and (self.freezes == self.thawed_freezes
                         or (self.thaws and now - self.thawed < self.quiet_thaw_every)):
            return gc.collect()
        self.thaws += 1
        gc.unfreeze()
        found = gc.collect()
        self.thawed, self.thawed_freezes = time.perf_counter(), self.freezes
        return found
