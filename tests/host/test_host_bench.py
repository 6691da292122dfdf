"""`vgcore bench --host` runs end to end with tiny numbers and reports every figure. It is a
benchmark, not a test of speed: no timing is asserted here (docs/performance.md)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vgcore.host.bench import (
    STAT_FIELDS,
    HostBenchResult,
    Load,
    LoadResult,
    ResumeResult,
    machine_cores,
    machine_ticks,
)

pytestmark = pytest.mark.system

BENCH = [sys.executable, "-m", "vgcore.cli", "bench", "--host"]


def fields(cls: type) -> set[str]:
    return set(cls.__dataclass_fields__)  # type: ignore[attr-defined]


def test_bench_host_reports_every_figure_as_json() -> None:
    run = subprocess.run([*BENCH, "--games", "2", "--answers", "40", "--resume", "5",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert set(data) == fields(HostBenchResult)
    assert data["workers"] == 2  # the sharded host, whose CPU and memory are summed
    assert {"cpus", "load_1m_before", "load_1m_after", "python"} <= set(data["machine"])
    # how fast the machine ran Python before and after: runs compare only when alike
    assert data["machine"]["calibration_ms_before"] > 0
    assert data["machine"]["calibration_ms_after"] > 0
    for run_name, seat_b in (("vs_agent", "agent:random"), ("bot_vs_bot", "bot")):
        figures = data[run_name]
        assert set(figures) == fields(LoadResult)
        assert (figures["seat_b"], figures["games"]) == (seat_b, 2)
        assert figures["answers"] >= 40 and figures["answers_per_s"] > 0
        assert 0 < figures["latency_p50_ms"] <= figures["latency_p99_ms"]
    assert data["rss_games_mib"] > 0 and data["rss_start_mib"] > 0
    assert set(data["resume"]) == fields(ResumeResult)
    # every game the store holds unfinished was resumed by the restarted host (the host's
    # agent may have ended one of the five while its seat A was away)
    assert 0 < data["resume"]["games"] == data["resume"]["resumed"] <= 5


def test_bench_host_can_run_for_a_time_with_thinking_bots_and_skip_the_other_runs() -> None:
    run = subprocess.run([*BENCH, "--games", "1", "--seconds", "0.5", "--resume", "0",
                          "--no-bot-vs-bot", "--compression", "none", "--think", "5", "--no-views",
                          "--workers", "1", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["bot_vs_bot"], data["resume"], data["compression"], data["views"],
            data["workers"], data["neighbour"]) == (None, None, None, False, 1, False)
    assert data["vs_agent"]["answers"] > 0 and data["vs_agent"]["seconds"] >= 0.5
    assert data["vs_agent"]["think_ms"] == 5
    assert data["vs_agent"]["rate"] is None


def test_paced_bots_share_one_poisson_stream_of_answers() -> None:
    """`--rate`: every bot waits for its answer's slot; the slots are exponential gaps at the
    rate, so 200 answers at 2,000/s take the sum of 200 such gaps (about 0.1 s), not less."""
    gaps = random.Random(7)
    expected = sum(gaps.expovariate(2000) for _ in range(199))  # the first slot is at once
    load = Load(None, rate=2000, pacer=random.Random(7))

    async def answer_all() -> float:
        began = time.perf_counter()
        await asyncio.gather(*(load.wait_turn() for _ in range(200)))
        return time.perf_counter() - began

    assert asyncio.run(answer_all()) >= expected * 0.99
    unpaced = Load(None)
    asyncio.run(unpaced.wait_turn())
    assert unpaced.next_slot == 0.0  # no rate: nothing scheduled


def test_bench_host_paces_the_bots_to_a_rate_beside_a_neighbour() -> None:
    run = subprocess.run([*BENCH, "--games", "2", "--seconds", "0.5", "--resume", "0",
                          "--no-bot-vs-bot", "--rate", "40", "--neighbour", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["neighbour"] is True
    figures = data["vs_agent"]
    assert figures["rate"] == 40 and figures["answers"] > 0
    machine = figures["machine_cpu"]
    assert machine["busy"] > 0 and machine["steal"] >= 0 and machine["iowait"] >= 0
    assert "others" in machine


def test_machine_cores_are_the_machines_ticks_over_the_window() -> None:
    """The machine's account of a window: busy time counts every kind of work but idle,
    iowait and steal, which are reported on their own (a VM lending its cores out)."""
    hz = os.sysconf("SC_CLK_TCK")
    before = dict.fromkeys(STAT_FIELDS, 1000)
    after = {**before, "user": 1000 + hz, "system": 1000 + hz // 2, "idle": 1000 + 2 * hz,
             "iowait": 1000 + hz // 4, "steal": 1000 + hz}
    cores = machine_cores(before, after, 2.0)
    assert cores == {"busy": 0.75, "steal": 0.5, "iowait": 0.125}
    assert machine_cores(None, after, 2.0) is None
    ticks = machine_ticks()
    if Path("/proc/stat").exists():
        assert ticks is not None and set(ticks) == set(STAT_FIELDS)


@pytest.mark.parametrize("workers", [1, 2])
def test_bench_host_traces_the_host_and_the_bots(workers: int) -> None:
    """`--trace`: the host's own account of each answer's steps, its loop and its collector,
    written by the host when it stops, and the bots' loop and collector; a sharded host's
    is its router's loop, with each worker's own account under "workers"."""
    run = subprocess.run([*BENCH, "--games", "2", "--seconds", "0.5", "--resume", "0",
                          "--no-bot-vs-bot", "--trace", "--json", "--workers", str(workers)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)["vs_agent"]
    router, bots = figures["host_trace"], figures["bench_trace"]
    assert "ws_send" in router["phases"] and router["loop_lag_ms"]["n"] > 0
    games = router.get("workers", [router])
    assert len(games) == workers
    for host in games:
        assert {"decode", "apply", "commit", "publish"} <= set(host["phases"])
        assert host["answer_ms"]["n"] > 0 and host["callbacks"]["n"] > 0
        assert host["callbacks"]["cpu"]["n"] == host["callbacks"]["n"]
        assert host["loop_lag_ms"]["n"] > 0 and "0" in host["gc"]
        assert host["imported_later"] == []  # warmed before serving: no import mid-game
    assert bots["callbacks"]["n"] > 0 and figures["rss_end_mib"] > 0
