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
from typing import Any

import pytest

from vgcore.host.bench import (
    BUDGET,
    STAT_FIELDS,
    HostBenchResult,
    Load,
    LoadResult,
    Options,
    ResumeResult,
    judge,
    machine_cores,
    machine_ticks,
)

pytestmark = pytest.mark.system

BENCH = [sys.executable, "-m", "vgcore.cli", "bench", "--host"]


def bench_json(*args: str) -> dict[str, Any]:
    """`vgcore bench --host ARGS --json`, run to its end; its figures."""
    run = subprocess.run([*BENCH, *args, "--json"], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def fields(cls: type) -> set[str]:
    return set(cls.__dataclass_fields__)  # type: ignore[attr-defined]


def test_bench_host_reports_every_figure_as_json() -> None:
    data = bench_json("--games", "2", "--answers", "40", "--resume", "5")
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
    # by default the bots are paced at the budget's load, then the vs_agent host is timed
    # flat out; two games are not the budget's hundred, so nothing is judged
    assert data["vs_agent"]["rate"] == data["bot_vs_bot"]["rate"] == BUDGET.rate
    assert set(data["capacity"]) == fields(LoadResult) and data["capacity"]["rate"] is None
    assert data["capacity"]["answers"] >= 40
    budget = data["budget"]
    assert budget["met"] is None and (budget["games"], budget["rate"]) == (100, 2000)
    assert budget["answers_per_s"] == {"figure": data["capacity"]["answers_per_s"],
                                       "limit": 2000, "met": None}
    assert budget["vs_agent_p99_ms"]["figure"] == data["vs_agent"]["latency_p99_ms"]
    assert budget["resume_s"]["figure"] == data["resume"]["resumed_s"]


def test_bench_host_can_run_for_a_time_with_thinking_bots_and_skip_the_other_runs() -> None:
    data = bench_json("--games", "1", "--seconds", "0.5", "--resume", "0", "--no-bot-vs-bot",
                      "--compression", "none", "--think", "5", "--no-views", "--workers", "1")
    assert (data["bot_vs_bot"], data["resume"], data["compression"], data["views"],
            data["workers"], data["neighbour"]) == (None, None, None, False, 1, False)
    assert data["vs_agent"]["answers"] > 0 and data["vs_agent"]["seconds"] >= 0.5
    assert data["vs_agent"]["think_ms"] == 5
    assert data["vs_agent"]["rate"] is None  # a think time alone: not paced
    assert data["capacity"] is None


def test_bench_host_saturates_when_asked_and_refuses_a_rate_beside_it() -> None:
    data = bench_json("--games", "1", "--answers", "20", "--resume", "0", "--no-bot-vs-bot",
                      "--saturate", "--workers", "1")
    assert data["vs_agent"]["rate"] is None and data["capacity"] is None
    assert data["budget"]["answers_per_s"]["figure"] == data["vs_agent"]["answers_per_s"]
    both = subprocess.run([*BENCH, "--saturate", "--rate", "10"], capture_output=True,
                          text=True, timeout=60)
    assert both.returncode == 2 and "--saturate and --rate" in both.stderr


def load_result(*, games: int = 100, rate: float | None = 2000.0, answers_per_s: float = 1990.0,
                p99: float = 10.0, think_ms: float = 0.0) -> LoadResult:
    return LoadResult(seat_b="agent:random", games=games, think_ms=think_ms, rate=rate,
                      answers=20_000, seconds=10.0, answers_per_s=answers_per_s,
                      host_decisions_per_s=2 * answers_per_s, latency_p50_ms=p99 / 5,
                      latency_p99_ms=p99, latency_max_ms=2 * p99, games_finished=50,
                      host_cpu=1.0, bench_cpu=0.4)


def bench_result(vs_agent: LoadResult, *, capacity: LoadResult | None,
                 bot_vs_bot: LoadResult | None = None, resumed_s: float = 1.7,
                 ) -> HostBenchResult:
    resume = ResumeResult(games=998, answers_per_game=20, journal_per_game=41.0, snapshots=0,
                          startup_empty_s=0.5, startup_s=0.6, resumed_s=resumed_s,
                          resumed=998)
    return HostBenchResult(format="d-standard", compression="deflate", views=True, batch=True,
                           workers=2, neighbour=False, machine={}, rss_start_mib=150.0,
                           rss_games_mib=159.0, mib_per_game=0.09, vs_agent=vs_agent,
                           bot_vs_bot=bot_vs_bot, resume=resume, capacity=capacity)


def test_the_budget_is_met_only_when_every_promise_was_measured_and_kept() -> None:
    """Issue 11's budget: 100 games, p99 < 25 ms at 2,000 answers/s, at least 2,000
    answers/s flat out, 1,000 unfinished games resumed in < 5 s (a few of the thousand may
    end while their player is away: it is the games asked for that count)."""
    options = Options(resume=1000)
    kept = bench_result(load_result(), capacity=load_result(rate=None, answers_per_s=4400,
                                                            p99=40),
                        bot_vs_bot=load_result(p99=12.0))
    verdict = judge(kept, options)
    assert verdict["met"] is True
    assert verdict["answers_per_s"] == {"figure": 4400, "limit": 2000, "met": True}
    assert verdict["vs_agent_p99_ms"] == {"figure": 10.0, "limit": 25, "met": True}
    assert verdict["bot_vs_bot_p99_ms"]["met"] and verdict["resume_s"]["met"]

    slow = bench_result(load_result(p99=25.0), capacity=kept.capacity)
    assert judge(slow, options)["vs_agent_p99_ms"]["met"] is False  # under 25, not at it
    assert judge(slow, options)["met"] is False
    weak = bench_result(load_result(), capacity=load_result(rate=None, answers_per_s=1999))
    assert judge(weak, options)["answers_per_s"]["met"] is False
    late = bench_result(load_result(), capacity=kept.capacity, resumed_s=5.0)
    assert judge(late, options)["resume_s"]["met"] is False


def test_figures_at_another_load_are_shown_but_not_judged() -> None:
    options = Options(resume=1000)
    fewer_games = bench_result(load_result(games=50), capacity=load_result(
        games=50, rate=None, answers_per_s=4000))
    verdict = judge(fewer_games, options)
    assert verdict["vs_agent_p99_ms"] == {"figure": 10.0, "limit": 25, "met": None}
    assert verdict["answers_per_s"] == {"figure": 4000, "limit": 2000, "met": None}
    assert verdict["met"] is None
    slower_rate = bench_result(load_result(rate=1000), capacity=None)
    assert judge(slower_rate, options)["vs_agent_p99_ms"]["met"] is None
    assert judge(slower_rate, options)["answers_per_s"]["figure"] is None  # none unpaced
    thinking = bench_result(load_result(think_ms=5), capacity=None)
    assert judge(thinking, options)["vs_agent_p99_ms"]["met"] is None
    no_bot_pairs = bench_result(load_result(), capacity=load_result(rate=None,
                                                                    answers_per_s=4400))
    assert judge(no_bot_pairs, options)["bot_vs_bot_p99_ms"] == {
        "figure": None, "limit": 25, "met": None}
    few_resumed = judge(bench_result(load_result(), capacity=None), Options(resume=10))
    assert few_resumed["resume_s"]["met"] is None
    # a failed promise fails the budget even when another was not measured
    failed = bench_result(load_result(p99=30), capacity=None)
    assert judge(failed, options)["met"] is False


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
    data = bench_json("--games", "2", "--seconds", "0.5", "--resume", "0", "--no-bot-vs-bot",
                      "--rate", "40", "--neighbour")
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
    figures = bench_json("--games", "2", "--seconds", "0.5", "--resume", "0",
                         "--no-bot-vs-bot", "--trace", "--workers", str(workers))["vs_agent"]
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
