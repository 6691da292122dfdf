"""The host's collector policy: full collections taken over from CPython, but never skipped
for good (memory stays bounded), and the engine warmed before serving."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator

import pytest

from vgcore.host.collector import NO_AUTOMATIC_FULL, FullCollections, warm_up
from vgcore.plugins import Registry


class Node:
    """A weak-referenceable object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: object = None


def old_cycle() -> weakref.ref[Node]:
    """A cycle that only a full collection can free: promoted to the oldest generation
    while it was still referenced, then dropped."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    gc.collect(1)  # a and b survive: they are now in generation 2
    return weakref.ref(a)


@pytest.fixture
def thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def test_full_collections_due_when_quiet_or_after_many_young_collections() -> None:
    policy = FullCollections(quiet_after=10, busy_after=100, quiet_cpu=0.2)
    assert not policy.due(9, busy=0.0)
    assert policy.due(10, busy=0.1)  # a quiet host collects early
    assert not policy.due(99, busy=0.9)  # a busy one waits…
    assert policy.due(100, busy=1.0)  # …but not for ever: garbage in gen 2 stays bounded


def test_the_collector_starts_no_full_collection_itself(thresholds: None) -> None:
    async def run() -> tuple[int, ...]:
        policy = FullCollections(every=60)
        policy.start()
        taken = gc.get_threshold()
        policy.stop()
        return taken

    assert asyncio.run(run())[2] == NO_AUTOMATIC_FULL
    assert gc.get_threshold()[2] == 10  # stop gives it back


def test_a_busy_host_still_frees_old_cycles(thresholds: None) -> None:
    """Garbage only a full collection frees is freed once `busy_after` young collections
    have run, however busy the host is: what it holds cannot grow without bound."""

    async def run() -> bool:
        policy = FullCollections(busy_after=2, quiet_after=2, quiet_cpu=0.0, every=0.01)
        policy.start()
        try:
            dead = old_cycle()
            assert dead() is not None  # generation 1 collections leave it
            gc.collect(1)
            gc.collect(1)  # two young collections since the last full one
            for _ in range(100):
                await asyncio.sleep(0.01)
                if dead() is None:
                    break
            return dead() is None and policy.runs >= 1
        finally:
            policy.stop()

    assert asyncio.run(run())


def test_warm_up_loads_what_games_load_mid_game(registry: Registry) -> None:
    warm_up(registry)
    assert "networkx" in sys.modules  # ordering.py's precedence graph
    assert "lupa.lua54" in sys.modules  # the card scripts' runtime
