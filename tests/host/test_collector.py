"""The host's collector policy: full collections at quiet moments on top of CPython's own
(which stays on, so old cycles are freed however busy the host is), and the engine warmed
before serving."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator

import pytest

from vgcore.host.collector import QuietCollections, warm_up
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
def automatic() -> Iterator[None]:
    """CPython's own collections, as a host has them, whatever the test runner set."""
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_quiet_collections_run_only_when_quiet_and_due() -> None:
    policy = QuietCollections(quiet_after=10, quiet_cpu=0.2)
    assert not policy.due(9, busy=0.0)  # not due yet
    assert policy.due(10, busy=0.1)
    assert not policy.due(1000, busy=0.9)  # busy: CPython's own trigger does it


def test_a_quiet_host_frees_old_cycles(automatic: None) -> None:
    """Garbage only a full collection frees is freed by the host once it is quiet."""

    async def run() -> bool:
        policy = QuietCollections(quiet_after=1, quiet_cpu=1.0, every=0.01)
        policy.start()
        try:
            dead = old_cycle()
            assert dead() is not None  # generation 1 collections leave it
            gc.collect(1)  # a young collection since the last full one: one is due
            for _ in range(100):
                await asyncio.sleep(0.01)
                if dead() is None:
                    break
            return dead() is None and policy.runs >= 1
        finally:
            policy.stop()

    assert asyncio.run(run())


def test_the_host_leaves_cpythons_own_full_collections_on() -> None:
    """Games that end leave cycles holding their whole state: a host that stopped CPython's
    trigger grew by megabytes a second when saturated (docs/performance.md, session 9)."""

    async def run() -> int:
        policy = QuietCollections(every=60)
        policy.start()
        policy.stop()
        return gc.get_threshold()[2]

    assert asyncio.run(run()) == 10


def test_warm_up_loads_what_games_load_mid_game(registry: Registry) -> None:
    warm_up(registry)
    assert "networkx" in sys.modules  # ordering.py's precedence graph
    assert "lupa.lua54" in sys.modules  # the card scripts' runtime


def test_what_survives_into_the_oldest_generation_is_frozen_until_the_policy_stops(
        automatic: None) -> None:
    """The next full collections scan only what is new; stopping gives everything back."""

    async def run() -> tuple[int, int, int]:
        policy = QuietCollections(every=60)
        policy.start()
        try:
            kept = Node()
            gc.collect(1)
            frozen = gc.get_freeze_count()
            listed = sum(1 for o in gc.get_objects() if o is kept)
        finally:
            policy.stop()
        return frozen, listed, gc.get_freeze_count()

    frozen, listed, after = asyncio.run(run())
    assert frozen > 0 and listed == 0  # frozen: not in any generation the collector scans
    assert after == 0


def test_a_cycle_frozen_with_the_rest_is_freed_by_a_thaw(automatic: None) -> None:
    """Only cycles among frozen objects need a thaw: once the frozen generation has grown,
    the policy's collection gives everything back first, and the cycle is freed."""

    async def run() -> tuple[bool, bool]:
        policy = QuietCollections(every=60)
        policy.start()
        try:
            a, b = Node(), Node()
            a.other, b.other = b, a
            dead = weakref.ref(a)
            gc.collect()  # survivors frozen, the cycle with them
            del a, b
            gc.collect()
            still = dead() is not None  # a full collection does not see it
            policy.collect(thaw=True)
            return still, dead() is None
        finally:
            policy.stop()

    assert asyncio.run(run()) == (True, True)


def test_a_busy_host_thaws_once_the_last_thaw_is_old_enough() -> None:
    policy = QuietCollections(thaw_every=300.0)
    policy.thawed = 1000.0
    assert not policy.overdue(1299.0)
    assert policy.overdue(1300.0)
