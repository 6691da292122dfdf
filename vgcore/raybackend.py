"""Batches of games as Ray tasks (`vgcore simulate --backend ray`; the extra `vgcore[ray]`).

Ray is imported here only, when this backend runs. Without `address` (or Ray's own
`RAY_ADDRESS` variable), a local Ray is started with `workers` CPUs and stopped afterwards; with
one, the run joins that cluster (every node needs vgcore installed, and any `--cards` directory
at the same path). A Ray already started in this process (a test's, a notebook's) is used as it
is and left running. Each task plays one `Batch` and returns plain records; a task whose worker
or node dies is run again (`max_retries`), and as games are pure functions of their seeds the
retry gives the same records.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from vgcore.errors import SimulationError
from vgcore.parallel import RAY_RETRIES, BatchTask, Progress
from vgcore.simulate import Batch, GameRecord

IN_FLIGHT_PER_CPU = 2
"""Tasks submitted ahead per cluster CPU: enough to keep them busy, few enough that a million
games do not sit as ten thousand pending tasks in the driver."""


def run_on_ray(batches: Sequence[Batch], *, workers: int, address: str | None,
               on_progress: Progress, task: BatchTask,
               max_retries: int = RAY_RETRIES) -> Iterator[tuple[int, list[GameRecord]]]:
    """(index, records) of each batch as its task finishes (in any order)."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        _start(ray, workers, address or os.environ.get("RAY_ADDRESS") or None)
        started = True
    try:
        remote = ray.remote(num_cpus=1, max_retries=max_retries)(task)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        window = max(2, IN_FLIGHT_PER_CPU * cpus)
        queue = iter(enumerate(batches))
        running: dict[Any, int] = {}
        _submit(remote, queue, running, window)
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                index = running.pop(ref)
                records: list[GameRecord] = ray.get(ref)
                on_progress(len(records))
                yield index, records
            _submit(remote, queue, running, window)
    finally:
        if started:
            ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimulationError("--backend ray needs Ray: pip install 'vgcore[ray]'") from None
    return ray


def _start(ray: Any, workers: int, address: str | None) -> None:
    """Join the cluster at `address`, or start a local Ray with `workers` CPUs."""
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning",
                               "log_to_driver": False}
    try:
        if address is not None:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=workers, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the cluster at {address}" if address else "a local Ray"
        raise SimulationError(f"could not start {where}: {exc}") from None


def _submit(remote: Any, queue: Iterator[tuple[int, Batch]], running: dict[Any, int],
            window: int) -> None:
    while len(running) < window:
        item = next(queue, None)
        if item is None:
            return
        index, batch = item
        running[remote.remote(batch)] = index
