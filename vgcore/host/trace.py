"""Where a busy host's time goes: an optional trace for `vgcore bench --host --trace`.

A latency budget (p99 from an answer to the next decision) is spent in a few places: the
answer's own work (read, apply, journal, views, send), other games' work queued before it on
the one event loop, and pauses of the cycle collector. With `VGCORE_HOST_TRACE=FILE` in its
environment, `vgcore serve` times each of those and writes a JSON summary to FILE when it
stops; without it the host pays one `is None` test per timed step.

- `phases`: seconds per call of each timed step (`Trace.timed`), as percentiles and totals;
- `answer_ms`: the host's side of the latency, from an answer's message being handed to the
  host to the next decision of its game being handed to the transport;
- `callbacks`: every event-loop callback's duration (a callback is what delays all the
  others), with the slowest ones named;
- `gc`: every cycle collection, by generation, with its pause.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sys
import time
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ENV = "VGCORE_HOST_TRACE"
SLOW_CALLBACK = 0.010  # seconds: a callback this long is listed by name
SLOWEST_KEPT = 40
LAG_PROBE = 0.005  # seconds between the loop-lag probe's timers

TRACE: Trace | None = None  # the process's trace, when VGCORE_HOST_TRACE is set


class Trace:
    """Durations collected while the host serves; `summary()` reduces them. They are kept
    in arrays of doubles (8 bytes each, nothing for the collector to scan), not lists of
    floats, so that tracing changes the host's memory and collections as little as it can."""

    def __init__(self) -> None:
        self.phases: defaultdict[str, array[float]] = defaultdict(_durations)
        self.answers = _durations()
        self.lags = _durations()  # how late a timer of the loop ran (its queue)
        self.callbacks = _durations()
        self.callbacks_cpu = _durations()  # the same callbacks' CPU time (wall - CPU: the
        # process waited for a core the machine's other processes had)
        self.slowest: list[tuple[float, float, str]] = []
        self.gc: defaultdict[int, list[float]] = defaultdict(list)
        self.gc_cpu: defaultdict[int, list[float]] = defaultdict(list)
        self.gc_collected: defaultdict[int, int] = defaultdict(int)
        self._gc_began = (0.0, 0.0)
        self._run: Callable[[asyncio.events.Handle], None] | None = None
        self.began = time.perf_counter()
        self.modules = set(sys.modules)  # imported before serving (the rest: mid-game)
        self.cpu_began = time.process_time()

    @contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            self.phases[phase].append(time.perf_counter() - began)

    def add(self, phase: str, seconds: float) -> None:
        self.phases[phase].append(seconds)

    def answered(self, seconds: float) -> None:
        self.answers.append(seconds)

    # -- the collector and the loop --------------------------------------------------------

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_began = (time.perf_counter(), time.thread_time())
            return
        generation = info["generation"]
        self.gc[generation].append(time.perf_counter() - self._gc_began[0])
        self.gc_cpu[generation].append(time.thread_time() - self._gc_began[1])
        self.gc_collected[generation] += info.get("collected", 0)

    def install(self) -> None:
        """Time every collection and every event-loop callback of this process."""
        gc.callbacks.append(self.on_gc)
        run = asyncio.events.Handle._run
        trace = self

        def timed_run(handle: asyncio.events.Handle) -> None:
            began, cpu = time.perf_counter(), time.thread_time()
            run(handle)
            took, cpu = time.perf_counter() - began, time.thread_time() - cpu
            trace.callbacks.append(took)
            trace.callbacks_cpu.append(cpu)
            if took >= SLOW_CALLBACK:
                trace.slow(took, cpu, handle)

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]
        self._run = run

    def probe(self, every: float = LAG_PROBE) -> None:
        """Measure the loop's lag every `every` seconds: how late a due timer runs is how
        long anything that became ready waits behind the work already queued."""
        loop = asyncio.get_running_loop()
        due = loop.time() + every

        def tick() -> None:
            nonlocal due
            now = loop.time()
            self.lags.append(max(0.0, now - due))
            due = now + every
            loop.call_at(due, tick)

        loop.call_at(due, tick)

    def uninstall(self) -> None:
        gc.callbacks.remove(self.on_gc)
        asyncio.events.Handle._run = self._run  # type: ignore[method-assign]

    def slow(self, took: float, cpu: float, handle: asyncio.events.Handle) -> None:
        self.slowest.append((took, cpu, _callback_name(handle)))
        if len(self.slowest) > 4 * SLOWEST_KEPT:
            self.slowest = sorted(self.slowest, reverse=True)[:SLOWEST_KEPT]

    # -- the summary -----------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        wall = time.perf_counter() - self.began
        return {
            "wall_s": wall,
            "cpu_s": time.process_time() - self.cpu_began,
            "answer_ms": _spread(self.answers),
            "loop_lag_ms": _spread(self.lags),
            "phases": {name: _spread(values) for name, values in sorted(self.phases.items())},
            "callbacks": {**_spread(self.callbacks), "cpu": _spread(self.callbacks_cpu),
                          "over_10ms": sum(1 for c in self.callbacks if c >= SLOW_CALLBACK),
                          "cpu_over_10ms": sum(1 for c in self.callbacks_cpu
                                               if c >= SLOW_CALLBACK),
                          "slowest": [[round(1000 * t, 2), round(1000 * c, 2), n] for t, c, n
                                      in sorted(self.slowest, reverse=True)[:SLOWEST_KEPT]]},
            "gc": {str(g): {**_spread(v), "cpu": _spread(self.gc_cpu[g]),
                            "collected": self.gc_collected[g]}
                   for g, v in sorted(self.gc.items())},
            "imported_later": sorted({m.partition(".")[0] for m in sys.modules}
                                     - {m.partition(".")[0] for m in self.modules}),
            "gc_objects": len(gc.get_objects()),
            "gc_frozen": gc.get_freeze_count(),
        }

    def write(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.summary(), indent=1))


def _durations() -> array[float]:
    return array("d")


def _spread(values: array[float] | list[float]) -> dict[str, float]:
    """Count, total seconds and percentiles in ms of a list of durations in seconds."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {"n": len(ordered), "total_s": round(sum(ordered), 3), "p50": at(0.5),
            "p99": at(0.99), "p999": at(0.999), "max": round(1000 * ordered[-1], 3)}


def _callback_name(handle: asyncio.events.Handle) -> str:
    callback: Any = getattr(handle, "_callback", None)
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return f"task {getattr(coro, '__qualname__', coro)}"
    return getattr(callback, "__qualname__", repr(callback))


def start_from_env() -> Trace | None:
    """Install the process's trace if VGCORE_HOST_TRACE names a file to write it to."""
    global TRACE
    if not os.environ.get(ENV):
        return None
    TRACE = Trace()
    TRACE.install()
    return TRACE


def finish() -> None:
    """Write the trace to its file (the host stops)."""
    path = os.environ.get(ENV)
    if TRACE is not None and path:
        TRACE.write(path)


def timer(phase: str) -> Callable[[], None] | None:
    """A stop function that records `phase`'s duration, or None when not tracing."""
    if TRACE is None:
        return None
    began = time.perf_counter()
    trace = TRACE
    return lambda: trace.add(phase, time.perf_counter() - began)
