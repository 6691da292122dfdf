"""Simulation on several processes (vgcore/parallel.py): the serial run's results for any number
of workers, every game counted by the progress bar, and the runs workers cannot play refused."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from vgcore import parallel
from vgcore.cli import main
from vgcore.errors import SimulationError
from vgcore.plugins import Registry
from vgcore.simulate import GameRecord, SimulationReport, simulate

ERRORS = Path(__file__).parent / "cards" / "errors"
TIMINGS = ("games_per_s", "ms_per_decision")


def report_without_time(report: SimulationReport) -> SimulationReport:
    """The report with its timings zeroed (the agents' thinking time keeps its counts)."""
    report.seconds = 0.0
    report.thinking = {team: (count, 0.0) for team, (count, _s) in report.thinking.items()}
    return report


def test_two_workers_give_the_serial_report_script_errors_in_seed_order() -> None:
    # A deck whose card script fails: the first errors kept must be the serial run's, in order.
    registry = Registry(card_dirs=[ERRORS / "runtime-error"])
    decks = registry.resolve_decks("premium", ("err-runtime-royal-paladin", "TD01"))
    serial = simulate(registry, "premium", decks, games=10, seed=11)
    told: list[int] = []
    spread = simulate(registry, "premium", decks, games=10, seed=11, workers=2, batch_size=1,
                      on_progress=told.append)
    assert serial.script_errors > serial.KEEP_ERRORS  # more errors than are kept in full
    seeds = [e.seed for e in serial.first_script_errors]
    assert seeds == sorted(seeds) and len(set(seeds)) > 1
    assert report_without_time(spread) == report_without_time(serial)
    assert sum(told) == 10


def simulate_json(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "simulate", "--format",
                           "d-standard", "--games", "9", "--seed", "5", "--json", *args],
                          capture_output=True, text=True, timeout=300, check=True)
    data: dict[str, object] = json.loads(done.stdout)
    for key in TIMINGS:
        data.pop(key)
    return data


def test_simulate_json_is_the_same_for_one_two_and_three_workers() -> None:
    serial = simulate_json("--workers", "1")
    assert serial["games"] == 9
    assert simulate_json("--workers", "2") == serial
    assert simulate_json("--workers", "3", "--batch-size", "2") == serial


def test_the_progress_bar_counts_every_game_of_every_worker() -> None:
    done = subprocess.run([sys.executable, "-m", "vgcore.cli", "simulate", "--format",
                           "d-standard", "--games", "7", "--workers", "2", "--batch-size", "3"],
                          capture_output=True, text=True, timeout=300, check=True)
    assert "7/7" in done.stderr.splitlines()[-1] or "7/7" in done.stderr.split("\r")[-1]


def test_one_worker_or_one_batch_plays_here_without_starting_a_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a process pool was started for one worker")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_pool)
    registry = Registry()
    decks = registry.default_decks("d-standard")
    assert simulate(registry, "d-standard", decks, games=2, workers=1).games == 2
    # one game is one batch: nothing to share out, whatever the number of workers
    assert simulate(registry, "d-standard", decks, games=1, workers=2).games == 1


def test_workers_save_the_replays_the_serial_run_saves(tmp_path: Path) -> None:
    registry = Registry()
    decks = registry.default_decks("d-standard")
    simulate(registry, "d-standard", decks, games=3, save_dir=tmp_path / "serial")
    simulate(registry, "d-standard", decks, games=3, save_dir=tmp_path / "spread", workers=2,
             batch_size=1)
    serial = sorted((tmp_path / "serial").iterdir())
    assert [p.name for p in serial] == [p.name for p in sorted((tmp_path / "spread").iterdir())]
    assert all(p.read_bytes() == (tmp_path / "spread" / p.name).read_bytes() for p in serial)


def test_workers_refuse_a_registry_given_plugin_objects() -> None:
    registry = Registry(plugins=[("nothing", SimpleNamespace())])
    with pytest.raises(SimulationError, match=r"given plugin objects \(nothing\), which cannot"):
        parallel.check_backend(registry, 2, "local", None)
    parallel.check_backend(registry, 1, "local", None)  # played here: nothing to send


def test_an_unknown_backend_and_replays_on_ray_are_refused(tmp_path: Path) -> None:
    registry = Registry()
    with pytest.raises(SimulationError, match="unknown backend 'dask'; backends: local, ray"):
        parallel.check_backend(registry, 2, "dask", None)
    with pytest.raises(SimulationError, match="use the local backend"):
        parallel.check_backend(registry, 2, "ray", tmp_path)


def test_batches_come_back_in_seed_order_whatever_order_they_finish() -> None:
    finished = [(i, [GameRecord("A", i, i)]) for i in range(20)]
    random.Random(3).shuffle(finished)
    assert [i for i, _records in parallel.in_order(finished)] == list(range(20))


def test_batches_cover_every_seed_once_whatever_their_size() -> None:
    registry = Registry()
    dealt = registry.deal_decks("d-standard")
    for size in (None, 1, 4, 50):
        batches = parallel.plan_batches(registry, "d-standard", dealt, ("greedy", "greedy"),
                                        games=23, seed=100, workers=2, batch_size=size)
        seeds = [s for b in batches for s in range(b.first_seed, b.first_seed + b.count)]
        assert seeds == list(range(100, 123))


def test_all_cores_means_the_cores_this_process_may_use() -> None:
    expected = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                else os.cpu_count())
    assert parallel.default_workers() == expected


def test_the_cli_says_which_options_go_together() -> None:
    for args, message in ((["--address", "127.0.0.1:6379"], "add --backend ray"),
                          (["TD01", "TD02"], "go with --matrix"),
                          (["--report", "out"], "--report writes the balance report"),
                          (["--matrix", "--decks", "TD01", "TD02"], "drop --decks")):
        result = CliRunner().invoke(main, ["simulate", *args])
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_a_strict_run_s_script_error_comes_back_from_a_worker_naming_the_seeds() -> None:
    registry = Registry(card_dirs=[ERRORS / "runtime-error"], strict=True)
    decks = registry.resolve_decks("premium", ("err-runtime-royal-paladin", "TD01"))
    with pytest.raises(SimulationError, match=r"ScriptError in the games of seeds \d+–\d+: "
                                              r"ERR-RT-001 .*ERR-RT-001.lua:9"):
        simulate(registry, "premium", decks, games=4, seed=11, workers=2, batch_size=2)
