"""A busy neighbour for `vgcore bench --host --neighbour`: the host's tail under contention.

On a two-core machine the host and the bench's bots keep about 1.4 cores busy at 2,000
answers/s. A CPU-bound process beside them, even at `nice 19`, takes the vs_agent p99 from
~10 ms to 28-46 ms and doubles p50 while the host's CPU an answer stays the same: the
kernel's scheduler (EEVDF here) lets the low-priority process finish its slice before a host
process that has just been woken runs, and with the load's ~1.4 cores busy, a woken process
finds it on the core it wants most of the time. The same process at SCHED_IDLE, with the
same memory traffic, leaves p99 at 9-19 ms (docs/performance.md, session 28). The neighbour
copies 64 MiB buffers (over any cache) so that it also loads the memory system, as a real
neighbour would; a change to the host can then be judged by its tail under contention
rather than by the machine's quiet hour.

It is started from the bench, so it shares the bench's and the host's scheduling group
(Linux's autogroup: one per session), where its nice 19 counts. A busy process of another
session gets a group's equal share of the machine whatever its nice value, and starves a
two-core host outright (docs/performance.md, session 29): that is a smaller machine, not a
tail this neighbour is meant to show.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from types import TracebackType

# Two 64 MiB buffers (over any cache), copied one into the other until the process is killed.
STREAM = ("import os\nos.nice(19)\nsource = bytes(64 << 20)\ntarget = bytearray(64 << 20)\n"
          "print('streaming', flush=True)\nwhile True:\n    target[:] = source\n")
STOP_WAIT = 5.0  # seconds the neighbour is given to exit after SIGTERM before SIGKILL


class BusyNeighbour:
    """The busy process, started on entering and killed on leaving (a context manager);
    `started` is False when it is not wanted, so callers need not branch."""

    def __init__(self, wanted: bool = True) -> None:
        self.wanted = wanted
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def started(self) -> bool:
        return self.process is not None

    def __enter__(self) -> BusyNeighbour:
        if self.wanted:
            self.process = subprocess.Popen(
                [sys.executable, "-c", STREAM], stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert self.process.stdout is not None
            if self.process.stdout.readline() != b"streaming\n":  # its buffers are made
                self.stop()
                raise RuntimeError("the busy neighbour did not start")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout is not None:  # closed even when the process had already died
            process.stdout.close()

