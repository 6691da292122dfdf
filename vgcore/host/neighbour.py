"""A noisy neighbour for `vgcore bench --host --neighbour`: the VM's slow phases, on demand.

On this two-core VM the host's tail latency rose two- to fourfold at times while the host
did the same work (its CPU an answer unchanged), no other process was busy and a pure-Python
calibration loop ran as fast as ever: neighbours on the physical machine were contending for
its memory and caches. A process inside the VM that copies 64 MiB buffers in a loop at
`nice 19` does the same to the host (docs/performance.md, session 28): it takes little CPU
from anyone, but its memory traffic slows everyone's, and a change to the host can then be
judged by its tail under contention rather than by the VM's luck of the hour.
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


class MemoryNeighbour:
    """The streaming process, started on entering and killed on leaving (a context manager);
    `started` is False when it is not wanted, so callers need not branch."""

    def __init__(self, wanted: bool = True) -> None:
        self.wanted = wanted
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def started(self) -> bool:
        return self.process is not None

    def __enter__(self) -> MemoryNeighbour:
        if self.wanted:
            self.process = subprocess.Popen(
                [sys.executable, "-c", STREAM], stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert self.process.stdout is not None
            if self.process.stdout.readline() != b"streaming\n":  # its buffers are made
                self.stop()
                raise RuntimeError("the memory neighbour did not start")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

