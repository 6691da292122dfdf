"""One worker of a sharded host: a `Host` that plays its share of the games, its clients
reached through the router's pipes (router.py).

A sharded host (`vgcore serve --ws … --workers N`) is a router process that owns the
WebSocket port and N of these, each a whole `Host` — rooms, agents, journal — over the same
database file, playing the games `protocol.shard_of` gives it. The router hands each client
message to the worker that plays its game, over the worker's stdin; the worker's replies
come back on its stdout; its log goes to stderr. One line each, UTF-8:

router → worker
    `O <cid> <batch> <peer>`  a client connection opens here (`batch`: 1 if it asked for
                              batch messages in its `hello`, which another worker answered)
    `M <cid> <json>`          one of its messages, exactly as the client sent it
    `B <cid> <batch>`         it said `hello` again, asking for batching or not
    `L <cid>`                 it left every game (`leave` without a game; the router replies)
    `C <cid>`                 it closed

worker → router
    `<cid> <json>`            a message for that client
    `R <count>`               every unfinished game of this shard is playing again

The worker trusts its router (it checks the client messages the router passes on like any
transport's, but not the lines themselves) and lives no longer than it: it stops when its
stdin ends and, on Linux, is killed with its router, so a restarted host never finds an old
worker still journaling a game it is resuming.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from vgcore.host.reads import read_in_small_buffers

if TYPE_CHECKING:
    from vgcore.host.service import Connection, Host

log = logging.getLogger("vgcore.host.worker")

OPEN, MESSAGE, BATCH, LEAVE, CLOSE = b"O", b"M", b"B", b"L", b"C"
RESUMED = b"R"
ROUTER_PID = "VGCORE_ROUTER_PID"  # the router's pid, in a worker's environment
PR_SET_PDEATHSIG = 1
SLICE = 0.002  # seconds of the router's lines handled before the loop runs anything else
BACKLOG = 2000  # lines read and not yet handled before the worker stops reading its pipe


class Mux:
    """The worker's side of the pipes: a `Connection` of the host per client of the router,
    created on `O` and closed on `C`; what they send is collected and written in one write,
    after each line from the router (`RouterPipe`), else once per turn of the loop (what
    agents' slices and timers send)."""

    def __init__(self, host: Host, out: asyncio.WriteTransport) -> None:
        self.host = host
        self.out = out
        self.conns: dict[int, Connection] = {}
        self.pending: list[bytes] = []
        self.loop = asyncio.get_running_loop()

    def line(self, line: bytes) -> None:
        kind, _, rest = line.partition(b" ")
        cid_text, _, body = rest.partition(b" ")
        cid = int(cid_text)
        if kind == MESSAGE:
            conn = self.conns.get(cid)
            if conn is not None:
                conn.receive_now(body)
        elif kind == OPEN:
            batch, _, peer = body.partition(b" ")
            conn = self.host.connect(self.sender(cid), peer=peer.decode("utf-8", "replace"))
            conn.batching = batch == b"1"
            self.conns[cid] = conn
        elif kind == BATCH:
            if (conn := self.conns.get(cid)) is not None:
                conn.batching = body == b"1"
        elif kind == LEAVE:
            if (conn := self.conns.get(cid)) is not None:
                conn.leave_games(list(conn.games))
        elif kind == CLOSE:
            if (conn := self.conns.pop(cid, None)) is not None:
                conn.closed()
        else:
            log.error("unknown line from the router: %r", line[:100])

    def sender(self, cid: int) -> Callable[[str], None]:
        prefix = b"%d " % cid

        def send(text: str) -> None:
            self.write(prefix + text.encode() + b"\n")

        return send

    def write(self, data: bytes) -> None:
        self.pending.append(data)
        if len(self.pending) == 1:
            self.loop.call_soon(self.flush)

    def flush(self) -> None:
        if self.pending and not self.out.is_closing():
            self.out.write(b"".join(self.pending))
        self.pending.clear()

    def close_all(self) -> None:
        for conn in self.conns.values():
            conn.closed()
        self.conns.clear()


class RouterPipe(asyncio.Protocol):
    """The worker's stdin: lines from the router, handled in order, what each led to sent at
    once. A busy worker reads many lines at a time; handling them all in one callback held
    every reply until the last was done and kept the agents' slices waiting (a loop lag of
    up to 50 ms at 1,000 answers/s a worker), so at most `SLICE` seconds of lines are
    handled at a time, and the rest after whatever else the loop has ready."""

    def __init__(self, mux: Mux, ended: asyncio.Future[None]) -> None:
        self.mux = mux
        self.ended = ended
        self.rest = b""
        self.lines: deque[bytes] = deque()
        self.draining = False
        self.transport: asyncio.ReadTransport | None = None
        self.paused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.ReadTransport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        self.lines.extend(lines)
        if len(self.lines) > BACKLOG and not self.paused and self.transport is not None:
            # Behind: stop reading, so the pipe fills and the router stops reading the
            # clients that send (their sockets fill in turn): memory stays bounded.
            self.transport.pause_reading()
            self.paused = True
        if not self.draining:
            self.drain()

    def drain(self) -> None:
        began = time.perf_counter()
        lines, mux = self.lines, self.mux
        while lines:
            line = lines.popleft()
            try:
                mux.line(line)
            except Exception:  # a host bug on one line must not stop the others' games
                log.exception("worker failed on a line from the router: %r", line[:200])
            mux.flush()
            if time.perf_counter() - began > SLICE and lines:
                self.draining = True
                asyncio.get_running_loop().call_soon(self.drain)
                self.resume_when_caught_up()
                return
        self.draining = False
        self.resume_when_caught_up()

    def resume_when_caught_up(self) -> None:
        if self.paused and len(self.lines) <= BACKLOG // 2 and self.transport is not None:
            self.transport.resume_reading()
            self.paused = False

    def eof_received(self) -> bool | None:
        if not self.ended.done():
            self.ended.set_result(None)
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.eof_received()


async def serve_worker(host: Host) -> None:
    """Serve the router on stdin/stdout until stdin ends; then stop the host."""
    loop = asyncio.get_running_loop()
    ended: asyncio.Future[None] = loop.create_future()
    out, _ = await loop.connect_write_pipe(asyncio.Protocol, sys.stdout.buffer)
    mux = Mux(host, out)  # type: ignore[arg-type]  # a pipe transport writes
    reading, _ = await loop.connect_read_pipe(lambda: RouterPipe(mux, ended), sys.stdin.buffer)
    read_in_small_buffers(reading)
    host.spawn(_report_resumed(host, mux))
    try:
        await ended
    finally:
        mux.close_all()
        await host.stop()
        mux.flush()
        out.close()


async def _report_resumed(host: Host, mux: Mux) -> None:
    assert host.resumed is not None
    count = await host.resumed
    mux.write(RESUMED + b" %d\n" % count)


def die_with_router() -> None:
    """On Linux, have the kernel kill this worker when its router dies, however it dies; if
    the router is already gone, go now. Elsewhere the end of stdin stops the worker."""
    router = os.environ.get(ROUTER_PID)
    if not sys.platform.startswith("linux") or not router:
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != int(router):
        os._exit(1)
