"""`bench --host --neighbour`'s busy process (vgcore/host/neighbour.py): a real
subprocess, at nice 19, busy while wanted and gone after."""

from __future__ import annotations

import os
import signal
import time

import pytest

from vgcore.host.neighbour import BusyNeighbour


def stat_fields(pid: int) -> list[str]:
    """/proc/<pid>/stat after the command name: state is [0], utime [11], nice [16]."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"),
                    reason="reads the process's nice value and CPU time from Linux /proc")
def test_the_neighbour_streams_at_nice_19_until_the_block_ends() -> None:
    with BusyNeighbour() as neighbour:
        assert neighbour.process is not None and neighbour.started
        pid = neighbour.process.pid
        assert int(stat_fields(pid)[16]) == 19
        before = int(stat_fields(pid)[11])
        deadline = time.monotonic() + 30  # at nice 19 a busy machine lends it little time
        while int(stat_fields(pid)[11]) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert int(stat_fields(pid)[11]) > before  # it runs: user CPU time went up
        process = neighbour.process
    assert process.returncode == -signal.SIGTERM
    assert not neighbour.started


def test_an_unwanted_neighbour_starts_nothing() -> None:
    with BusyNeighbour(wanted=False) as neighbour:
        assert not neighbour.started
