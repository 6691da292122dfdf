"""The in-process host load (vgcore/host/inproc.py): a pytest-benchmark of the host's own work
per answer (`--benchmark-enable`; run once as a test otherwise). No timing is asserted."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

from tests.host.harness import registry
from vgcore.host.inproc import answer_in_process
from vgcore.host.service import Host, HostConfig
from vgcore.host.store import Store

ANSWERS = 150


async def play(db: Path, answers: int, seed: int = 0) -> list[tuple[str, str, str]]:
    """A fresh host over `db` takes `answers` answers of seat A; what its journal holds of
    them (game, seat, kind) per entry, once the host has stopped."""
    host = Host(registry(), Store(db), HostConfig())
    await host.start()
    assert host.resumed is not None
    await host.resumed
    try:
        await answer_in_process(host, answers, seed=seed)
    finally:
        await host.stop()
    try:
        return [(record.id, entry.seat, entry.kind) for record in host.store.games(limit=1000)
                for entry in host.store.journal(record.id)]
    finally:
        host.store.close()


def test_bench_host_answers_in_process(benchmark: Any, tmp_path: Path) -> None:
    files = (tmp_path / f"host{n}.sqlite3" for n in itertools.count())
    journal = benchmark(lambda: asyncio.run(play(next(files), ANSWERS)))
    mine = [entry for entry in journal if entry[1] == "A" and entry[2] == "answer"]
    assert len(mine) == ANSWERS  # every answer given was accepted and journaled
    assert any(entry[1] == "B" for entry in journal)  # the host's agent played its seat


def test_the_in_process_load_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    """Seeded: two hosts given the same load journal the same answers (game ids differ)."""
    runs = [asyncio.run(play(tmp_path / f"{n}.sqlite3", 60, seed=4)) for n in range(2)]
    shapes = [[(seat, kind) for _game, seat, kind in run] for run in runs]
    assert shapes[0] == shapes[1] and len(shapes[0]) > 60
