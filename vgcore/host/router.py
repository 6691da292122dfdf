"""The front of a sharded host: one process owns the port, N workers play the games.

One host process runs its games on one core: at 2,000 answers/s the CPU an answer costs
(views, events, JSON, the journal, the engine) fills that core and the tail latency is the
queue's (docs/performance.md). `vgcore serve --ws … --workers N` runs N worker processes
(worker.py), each a whole `Host` playing the games of its shards (shards.py: each in files
of its own; a game's id names its shard), and this router in front: it holds the WebSocket
connections, checks every client message (so a worker never sees one that does not decode),
and passes it on to the worker of its game over that worker's pipe; what the workers send
comes back the same way.

What the router answers itself: `ping`, a message that does not decode, and `leave` without
a game (every worker the connection reached drops it, then one `ok`). `hello` and `list` go
to worker 0, `create` to the workers in turn (each makes a game id of its own shard); a
message naming a game goes to that game's worker. A client sees one host: game ids, tokens,
seqs and replays are the same as a single process's, and a game resumes after a restart in
the worker its id is routed to whatever the number of workers (shard s: worker s % N).

A worker that dies is started again (it resumes its games from the journal, as after a
restart of the whole host); the connections that reached it get an `internal_error` telling
them to `resume`. A worker that dies at its start three times running stops the host.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence

import msgspec

from vgcore.host import protocol as p
from vgcore.host import trace
from vgcore.host.reads import read_in_small_buffers
from vgcore.host.shards import shard_of
from vgcore.host.worker import BATCH, CLOSE, LEAVE, MESSAGE, OPEN, RESUMED, ROUTER_PID

log = logging.getLogger("vgcore.host.router")

STOP_WAIT = 15.0  # seconds a worker has to stop cleanly before it is killed
QUICK_DEATH = 5.0  # a worker that dies this soon after its start died "at its start"
GIVE_UP_AFTER = 3  # deaths at start in a row after which the host stops
RESTART_DELAY = 0.5  # seconds before a dead worker is started again
HELD_ENV = "VGCORE_DB_HELD"  # the inherited descriptor of the database, locked (store.py)


class Router:
    """The sharded host's front: `connect`, `stop` and `resumed` as a `Host` has them, so
    the WebSocket transport serves either."""

    def __init__(self, worker_argv: Callable[[int], Sequence[str]], count: int, *,
                 held: int | None = None) -> None:
        if count < 2:
            raise ValueError("a router needs two workers or more")
        self.held = held  # the database's descriptor holding its lock, inherited by workers
        self.worker_argv = worker_argv
        self.count = count  # workers
        self.workers: list[WorkerLink | None] = [None] * count
        self.connections: dict[int, RouterConnection] = {}
        self.cids = itertools.count(1)
        self.turns = itertools.cycle(range(count))  # which worker the next `create` goes to
        self.stopping = False
        self.began = 0.0
        self.resumed_counts: dict[int, int] = {}
        self.resumed: asyncio.Future[int] | None = None
        self.failed: asyncio.Future[str] | None = None  # set when the host must stop
        self.quick_deaths = [0] * count
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.began = time.perf_counter()
        self.resumed = loop.create_future()
        self.failed = loop.create_future()
        for index in range(self.count):
            await self.spawn(index)

    async def spawn(self, index: int) -> None:
        loop = asyncio.get_running_loop()
        env = {**os.environ, ROUTER_PID: str(os.getpid())}
        if env.get(trace.ENV):  # a trace is of one process: each worker writes its own
            env[trace.ENV] += f".worker{index}"
        held: tuple[int, ...] = ()
        if self.held is not None:
            env[HELD_ENV] = str(self.held)
            held = (self.held,)
        _, link = await loop.subprocess_exec(
            lambda: WorkerLink(self, index), *self.worker_argv(index),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=None,
            env=env, pass_fds=held)
        self.workers[index] = link

    def next_for_create(self) -> int:
        """The workers in turn, passing over one that is being started again."""
        for _ in range(self.count):
            index = next(self.turns)
            if self.workers[index] is not None:
                return index
        return index

    def connect(self, send: Callable[[str], None], *, trusted: bool = False,
                peer: str = "") -> RouterConnection:
        conn = RouterConnection(self, next(self.cids), send, peer)
        self.connections[conn.cid] = conn
        return conn

    async def stop(self) -> None:
        """Let every worker stop cleanly (the end of its stdin), killing any that will not."""
        self.stopping = True
        for task in list(self.tasks):
            task.cancel()
        links = [link for link in self.workers if link is not None]
        for link in links:
            link.end()
        for link in links:
            try:
                async with asyncio.timeout(STOP_WAIT):
                    await link.exited
            except TimeoutError:
                log.error("worker %d did not stop in %.0f s; killing it", link.index, STOP_WAIT)
                link.kill()
                await link.exited

    # -- what the workers say ----------------------------------------------------------------

    def worker_resumed(self, index: int, count: int) -> None:
        self.resumed_counts[index] = count
        self.quick_deaths[index] = 0
        if len(self.resumed_counts) < self.count or self.resumed is None or self.resumed.done():
            return
        total = sum(self.resumed_counts.values())
        if total:
            log.info("resumed %d unfinished games in %.1f s (%d workers)", total,
                     time.perf_counter() - self.began, self.count)
        self.resumed.set_result(total)

    def worker_exited(self, link: WorkerLink, code: int | None) -> None:
        index = link.index
        if self.workers[index] is link:
            self.workers[index] = None
        if self.stopping:
            return
        log.error("worker %d exited with %s; starting it again", index, code)
        for conn in self.connections.values():
            conn.worker_lost(index)
        if time.perf_counter() - link.started < QUICK_DEATH:
            self.quick_deaths[index] += 1
        if self.quick_deaths[index] >= GIVE_UP_AFTER:
            if self.failed is not None and not self.failed.done():
                self.failed.set_result(f"worker {index} died {GIVE_UP_AFTER} times at its start")
            return
        task = asyncio.get_running_loop().create_task(self.restart(index))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def restart(self, index: int) -> None:
        await asyncio.sleep(RESTART_DELAY)
        if not self.stopping:
            await self.spawn(index)


class WorkerLink(asyncio.SubprocessProtocol):
    """The router's end of one worker's pipes: lines out written once per turn of the loop,
    lines in handed to their connections."""

    def __init__(self, router: Router, index: int) -> None:
        self.router = router
        self.index = index
        self.started = time.perf_counter()
        self.transport: asyncio.SubprocessTransport | None = None
        self.stdin: asyncio.WriteTransport | None = None
        self.pending: list[bytes] = []
        self.rest = b""
        self.loop = asyncio.get_running_loop()
        self.exited: asyncio.Future[int | None] = self.loop.create_future()
        self.writable = asyncio.Event()  # clear while the worker's pipe is full
        self.writable.set()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.SubprocessTransport)
        self.transport = transport
        stdin = transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        self.stdin = stdin
        read_in_small_buffers(transport.get_pipe_transport(1))

    def write(self, data: bytes) -> None:
        self.pending.append(data)
        if len(self.pending) == 1:
            self.loop.call_soon(self.flush)

    def flush(self) -> None:
        if self.pending and self.stdin is not None and not self.stdin.is_closing():
            self.stdin.write(b"".join(self.pending))
        self.pending.clear()

    def pause_writing(self) -> None:
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd != 1:
            return
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        connections = self.router.connections
        for line in lines:
            cid, _, text = line.partition(b" ")
            if cid == RESUMED:
                self.router.worker_resumed(self.index, int(text))
            elif (conn := connections.get(int(cid))) is not None:
                conn.deliver(text.decode())

    def process_exited(self) -> None:
        assert self.transport is not None
        code = self.transport.get_returncode()
        if not self.exited.done():
            self.exited.set_result(code)
        self.router.worker_exited(self, code)

    def end(self) -> None:
        """Close the worker's stdin: it stops its host and exits."""
        self.flush()
        if self.stdin is not None:
            self.stdin.close()

    def kill(self) -> None:
        if self.transport is not None and self.transport.get_returncode() is None:
            self.transport.kill()


class RouterConnection:
    """One client of the sharded host, with a connection in each worker it reached."""

    def __init__(self, router: Router, cid: int, send: Callable[[str], None],
                 peer: str) -> None:
        self.router = router
        self.cid = cid
        self._send = send
        self.peer = peer.replace("\n", " ")
        self.batching = False
        self.opened: set[int] = set()  # workers holding a connection for this client
        self.open = True
        self.last_link: WorkerLink | None = None  # the worker of the last message passed on

    async def receive(self, text: str | bytes) -> None:
        """Pass the message on; while its worker's pipe is full (the worker is behind), the
        transport reads nothing more from this client: its socket fills, not our memory."""
        self.last_link = None
        self.receive_now(text)
        link = self.last_link
        if link is not None and not link.writable.is_set():
            await link.writable.wait()

    def receive_now(self, text: str | bytes) -> None:
        try:
            m = p.decode(text)
        except p.HostError as exc:
            self.reply(p.error(exc, p.request_id(text)))
            return
        if isinstance(m, p.Ping):
            self.reply(p.Pong(re=m.id))
            return
        if isinstance(m, p.Leave) and m.game is None:
            for index in self.opened:
                self.to_worker(index, LEAVE)
            self.reply(p.Ok(re=m.id))
            return
        if isinstance(m, p.Hello):
            self.hello(m)
            index = 0
        elif isinstance(m, p.Create):
            index = self.router.next_for_create()
        elif isinstance(m, p.ListGames):
            index = 0
        else:
            index = shard_of(m.game or "") % self.router.count  # a game's messages
        data = text.encode() if isinstance(text, str) else text
        if b"\n" in data:  # whitespace between tokens: no JSON string holds a raw newline
            data = data.replace(b"\n", b" ")
        self.to_worker(index, MESSAGE, data, reply_to=m.id)

    def hello(self, m: p.Hello) -> None:
        """Worker 0 answers it; the others learn the batching the client asked for."""
        low, high = m.protocol
        if low <= p.PROTOCOL <= high and m.batch != self.batching:
            self.batching = m.batch
            for index in self.opened - {0}:
                self.to_worker(index, BATCH, b"%d" % self.batching)

    def to_worker(self, index: int, kind: bytes, body: bytes | None = None, *,
                  reply_to: p.RequestId | msgspec.UnsetType = msgspec.UNSET) -> None:
        link = self.router.workers[index]
        if link is None:
            if kind == MESSAGE:
                self.reply(p.Error(re=reply_to, code="internal_error",
                                   message="the games of this message are being resumed "
                                           "after a failure: send it again in a moment"))
            return
        self.last_link = link
        if index not in self.opened:
            self.opened.add(index)
            link.write(b"%s %d %d %s\n" % (OPEN, self.cid, self.batching, self.peer.encode()))
        if body is None:
            link.write(b"%s %d\n" % (kind, self.cid))
        else:
            link.write(b"%s %d %s\n" % (kind, self.cid, body))

    def reply(self, message: p.Reply) -> None:
        self.deliver(p.encode(message))

    def deliver(self, text: str) -> None:
        if self.open:
            self._send(text)

    def worker_lost(self, index: int) -> None:
        """The worker died: its games are resumed by the next one; this client must
        `resume` them (its seats there are no longer joined)."""
        if index in self.opened:
            self.opened.discard(index)
            self.reply(p.Error(code="internal_error", message="a worker of this host failed "
                               "and is starting again: resume your games on it (nothing "
                               "acknowledged was lost)"))

    def closed(self) -> None:
        self.open = False
        self.router.connections.pop(self.cid, None)
        for index in self.opened:
            self.to_worker(index, CLOSE)
        self.opened.clear()


def worker_argv(index: int, count: int, db: str, options: Sequence[str]) -> list[str]:
    """How the router starts worker `index`: `vgcore serve` again, as one shard."""
    return [sys.executable, "-m", "vgcore.cli", "serve", "--worker", f"{index}/{count}",
            "--db", db, *options]
