"""`simulate --backend ray` (vgcore/raybackend.py) on a real local Ray with 2 CPUs: the serial
run's results, and the same results when tasks lose their worker and Ray runs them again.

Starting Ray takes a few seconds, so the module starts it once; the backend uses a Ray already
running in its process and leaves it running.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from vgcore.balance import run_matrix
from vgcore.parallel import plan_batches, run_batches
from vgcore.plugins import Registry
from vgcore.simulate import Batch, GameRecord, SimulationReport, play_batch, simulate

pytestmark = pytest.mark.system



@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # Imported here, not at collection: importing Ray costs every run that collects this
    # module (each xdist worker, the everyday run that leaves it out) over half a second.
    ray = pytest.importorskip("ray", reason="the Ray backend's tests need pip install -e "
                              "'.[test]'")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="error", log_to_driver=False)
    yield
    ray.shutdown()


def without_time(report: SimulationReport) -> SimulationReport:
    """The report with its timings zeroed (the agents' thinking time keeps its counts)."""
    report.seconds = 0.0
    report.thinking = {team: (count, 0.0) for team, (count, _s) in report.thinking.items()}
    return report


def test_ray_tasks_give_the_serial_report_and_matrix(local_ray: None) -> None:
    registry = Registry()
    decks = registry.default_decks("d-standard")
    serial = simulate(registry, "d-standard", decks, games=8, seed=4)
    on_ray = simulate(registry, "d-standard", decks, games=8, seed=4, backend="ray",
                      batch_size=3)
    assert without_time(on_ray) == without_time(serial)

    trio = [registry.deck(n) for n in ("D-SD01", "D-SD02", "D-SD03")]
    here = run_matrix(registry, "d-standard", trio, games=2).as_dict()
    there = run_matrix(registry, "d-standard", trio, games=2, backend="ray").as_dict()
    for data in (here, there):
        data.pop("seconds"), data.pop("games_per_s")
    assert there == here


def dying_once(markers: Path) -> Callable[[Batch], list[GameRecord]]:
    """A task whose worker process dies the first time it is given each batch (as a lost node
    would lose it), then plays the batch: Ray must run every batch again."""

    def task(batch: Batch) -> list[GameRecord]:
        marker = markers / f"{batch.match}-{batch.first_seed}"
        if not marker.exists():
            marker.touch()
            os._exit(1)
        return play_batch(batch)

    return task


def test_tasks_whose_worker_dies_are_run_again_with_the_same_results(
        local_ray: None, tmp_path: Path) -> None:
    registry = Registry()
    decks = registry.default_decks("d-standard")
    serial = simulate(registry, "d-standard", decks, games=4, seed=9)
    dealt = registry.deal_decks("d-standard", decks)
    batches = plan_batches(registry, "d-standard", dealt, ("greedy", "greedy"), games=4,
                           seed=9, backend="ray", batch_size=2)
    report = SimulationReport()
    for _batch, records in run_batches(registry, batches, backend="ray",
                                       ray_task=dying_once(tmp_path)):
        for record in records:
            report.add(record)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0-11", "0-9"]  # each died once
    assert without_time(report) == without_time(serial)
