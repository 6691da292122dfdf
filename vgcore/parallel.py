"""Running a simulation's batches: in this process, on worker processes, or as Ray tasks.

A worker receives only plain data — a `vgcore.simulate.Batch`: format id, dealt decks, agent
names, a range of seeds, card directories — builds its own registry once and sends back plain
`GameRecord`s. `run_batches` yields every batch's records in batch order (seed order) whatever
order they finished in, so the caller's report is the serial run's for any number of workers
and any backend. docs/simulation.md has the figures and the cluster recipe.

Worker processes start with `forkserver` where the platform has it (else `spawn`), never
`fork`: the parent holds Lua runtimes and may run threads (tqdm's monitor, a host's loop), and a
forked child would inherit their locks mid-use. The fork server imports vgcore once, so each
worker pays only for building its registry (docs/simulation.md, "Start-up").
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Final

from vgcore.decks import DeckList
from vgcore.errors import SimulationError, VgError
from vgcore.plugins import Registry
from vgcore.simulate import Batch, GameRecord, play_batch

BACKENDS: Final = ("local", "ray")
MAX_LOCAL_BATCH: Final = 50
"""Games per batch on worker processes at most: small enough to balance the load at the end."""
MAX_RAY_BATCH: Final = 200
"""Games per Ray task at most: a few seconds of work, so a lost task costs little to retry."""
RAY_RETRIES: Final = 3
"""How often Ray runs a task again whose worker or node died."""

BatchTask = Callable[[Batch], list[GameRecord]]
Progress = Callable[[int], None]


def default_workers() -> int:
    """All the cores this process may run on (its CPU affinity where the OS tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def plan_batches(registry: Registry, format_id: str, dealt: Mapping[str, DeckList],
                 agents: Sequence[str], *, games: int, seed: int, workers: int = 1,
                 backend: str = "local", batch_size: int | None = None,
                 save_dir: Path | None = None, card_stats: bool = False,
                 match: int = 0) -> list[Batch]:
    """One match's games cut into batches of consecutive seeds (`batch_size`, or a size that
    keeps every worker busy to the end)."""
    check_backend(registry, workers, backend, save_dir)
    size = batch_size or default_batch_size(games, workers, backend)
    card_dirs = tuple(str(d) for d in registry.card_dirs)
    decks = tuple(dealt.items())
    return [Batch(format_id, decks, tuple(agents), seed + start, min(size, games - start),
                  card_dirs, registry.strict, str(save_dir) if save_dir is not None else None,
                  card_stats, match)
            for start in range(0, games, size)]


def default_batch_size(games: int, workers: int, backend: str) -> int:
    """Four batches per worker, capped: enough to even out games of different lengths."""
    if backend == "local" and workers <= 1:
        return max(1, games)
    cap = MAX_RAY_BATCH if backend == "ray" else MAX_LOCAL_BATCH
    return max(1, min(cap, math.ceil(games / (4 * max(1, workers)))))


def check_backend(registry: Registry, workers: int, backend: str,
                  save_dir: Path | None) -> None:
    """Refuse, with the reason, a run that workers could not play as this registry would."""
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers < 1:
        raise SimulationError(f"workers must be at least 1, got {workers}")
    if backend == "local" and workers == 1:
        return  # played here, on this very registry
    if registry.added_plugins or not registry.entry_points:
        raise SimulationError(
            "workers build their registry from the installed plugins and card directories; "
            "this one was given plugin objects (" + (", ".join(registry.added_plugins) or
                                                    "entry points off") +
            "), which cannot be sent to them: play it with one worker")
    if backend == "ray" and save_dir is not None:
        raise SimulationError("--save writes replay files where each game is played; with "
                              "--backend ray that is the cluster's nodes: use the local backend")


_registries: dict[tuple[tuple[str, ...], bool], Registry] = {}


def worker_registry(card_dirs: Sequence[str], strict: bool) -> Registry:
    """This process's registry for these card directories, built on first use (a worker plays
    many batches; its engines and card database are built once)."""
    key = (tuple(card_dirs), strict)
    if key not in _registries:
        _registries[key] = Registry(card_dirs=card_dirs, strict=strict)
    return _registries[key]


def run_batches(registry: Registry, batches: Sequence[Batch], *, workers: int = 1,
                backend: str = "local", address: str | None = None,
                on_progress: Progress | None = None,
                ray_task: BatchTask | None = None) -> Iterator[tuple[Batch, list[GameRecord]]]:
    """Each batch with its records, in batch order. One local worker (or one batch) is played
    here, on `registry`, without starting any process; more start a process pool; `backend="ray"`
    sends them as Ray tasks (`ray_task`: the function each task runs, `play_batch` unless a
    test swaps in one that fails)."""
    tell = on_progress or (lambda _n: None)
    if backend == "ray":
        from vgcore.raybackend import run_on_ray

        results = run_on_ray(batches, workers=workers, address=address, on_progress=tell,
                             task=ray_task or play_batch)
    elif workers <= 1 or len(batches) <= 1:  # nothing to share out: no process is started
        results = ((i, play_batch(b, registry, on_game=lambda: tell(1)))
                   for i, b in enumerate(batches))
    else:
        results = _run_on_processes(batches, workers, tell)
    for index, records in in_order(results):
        yield batches[index], records


def in_order(results: Iterable[tuple[int, list[GameRecord]]]
             ) -> Iterator[tuple[int, list[GameRecord]]]:
    """(index, records) pairs arriving in any order, passed on in index order: each waits only
    until the ones before it have arrived (memory: the batches finished early)."""
    waiting: dict[int, list[GameRecord]] = {}
    upcoming = 0
    for index, records in results:
        waiting[index] = records
        while upcoming in waiting:
            yield upcoming, waiting.pop(upcoming)
            upcoming += 1


# -- worker processes --------------------------------------------------------------------

_ticks: Any = None  # in a worker: the queue it tells the parent of each finished game on


def start_method() -> str:
    """`forkserver` where the platform has it, else `spawn` (the module docstring says why
    never `fork`)."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _run_on_processes(batches: Sequence[Batch], workers: int,
                      tell: Progress) -> Iterator[tuple[int, list[GameRecord]]]:
    context = multiprocessing.get_context(start_method())
    if start_method() == "forkserver":
        context.set_forkserver_preload(["vgcore.parallel"])
    ticks = context.SimpleQueue()
    told = 0
    pool = ProcessPoolExecutor(max_workers=min(workers, len(batches)) or 1, mp_context=context,
                               initializer=_start_worker, initargs=(ticks,))
    try:
        futures: dict[Future[list[GameRecord]], int] = {
            pool.submit(_play_in_worker, batch): i for i, batch in enumerate(batches)}
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            told += _drain(ticks, tell)
            for future in sorted(done, key=futures.__getitem__):
                records = future.result()
                yield futures[future], records
        told += _drain(ticks, tell)
        total = sum(b.count for b in batches)
        if told < total:  # ticks still in the pipe when the last result came: count them now
            tell(total - told)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _start_worker(ticks: Any) -> None:
    global _ticks
    _ticks = ticks


def _play_in_worker(batch: Batch) -> list[GameRecord]:
    """Play a batch; an error is sent back as a `SimulationError` naming the batch's seeds
    (vgcore's own errors carry fields their pickled form would not rebuild)."""
    try:
        return play_batch(batch, on_game=_tick)
    except VgError as exc:
        last = batch.first_seed + batch.count - 1
        raise SimulationError(f"{type(exc).__name__} in the games of seeds {batch.first_seed}"
                              f"–{last}: {exc}") from None


def _tick() -> None:
    if _ticks is not None:
        _ticks.put(1)


def _drain(ticks: Any, tell: Progress) -> int:
    """Pass on the games finished since the last look; how many."""
    count = 0
    while not ticks.empty():
        count += ticks.get()
    if count:
        tell(count)
    return count
