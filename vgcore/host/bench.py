"""`vgcore bench --host`: the host under load, measured from outside, over loopback WebSocket.

The host is a real `vgcore serve --ws 127.0.0.1:0` subprocess with a temporary `--db`, so it
has its own process and event loop and the figures are the host's, not the bench's. The bots
run here, on this process's asyncio loop: each holds one WebSocket and plays one seat, and
answers each of its decisions the moment it arrives with a uniform random legal option. A
game that ends is replaced by a new one, so `games` games are live throughout.

What is measured (docs/performance.md, "Host (2026-12-01)" and "The host"):
- answers/s: answers the bots sent in the timed window, divided by its length; and the host's
  decisions/s for every seat (the host's own agent included), counted from decision ids;
- latency: from sending an answer to receiving the game's next decision (in `vs_agent` that
  includes the host's agent playing its seat in between, as a player would see it);
- MiB per live game: the host's resident memory (VmRSS) before and after creating the games;
- start-up: from starting the host process to its first `pong`, with an empty database and
  with `resume` unfinished games in it, after the host that played them was SIGKILLed; and
  until the host says every one of them is rebuilt (it does that in the background).

Options: `think_ms` makes each bot wait before its answers (a host that is not saturated shows
its latency rather than its queue); `rate` paces all the bots' answers together into one
Poisson stream of that many answers/s (a budget such as "p99 under 25 ms at 2,000 answers/s"
is a latency at a given load: bots that answer the instant they are asked saturate any host,
and their latency is then the queue, by Little's law games / answers/s); `compression` is the
bots' WebSocket compression (permessage-deflate by default, as browsers offer it); `views`
False joins with `views: false`, as a bot that reads no views would (events, decisions and
waiting only).

The budget (`Budget`, issue 11) is a promise at one load: `vgcore bench --host` paces the
bots at its 2,000 answers/s by default, then times the vs_agent load once more unpaced, on a
host of its own (`capacity`: the most answers/s the host gives), and `judge` sets every
figure beside its limit. A figure measured at another load (other games, rate or think
time) is shown, not judged.

With `trace`, each host writes where its time went (vgcore/host/trace.py: each answer's
steps, loop callbacks in wall and CPU time, the loop's lag, every collection) and the bots'
own loop and collector are timed the same way, so that a latency the bench adds is not read
as the host's; `rss_end_mib` is the host's memory when each window ends.

The bots decode only the few fields they read (a small msgspec Struct: events and views are
skipped, not built), so that the bench's own CPU use stays small beside the host's on a
two-core machine; `bench_cpu` and `host_cpu` say how busy each process was, and
`machine_cpu` what the whole machine did meanwhile — other processes, and the time a VM's
hypervisor took from it (`steal`): a run whose tail grew with steal measures the machine.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import json
import os
import platform
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from vgcore.host.neighbour import BusyNeighbour
from vgcore.host.reads import read_in_small_buffers

SERVE = [sys.executable, "-m", "vgcore.cli", "serve"]
LISTENING = re.compile(r"listening on (ws://\S+)")
RESUMED = re.compile(r"resumed (\d+) unfinished games in")
START_TIMEOUT = 300.0  # seconds a host may take to start (1,000s of games to resume)
RESUME_ANSWERS = 20  # seat A's answers in each game left unfinished for the resume test
RESUME_WORKERS = 32  # connections creating those games at once
MAX_HOST_MESSAGE = 64 * 2**20
DEFAULT_ANSWERS = 20_000
DEFAULT_RESUME = 1000
AGENT_SEAT = "agent:random"
CALIBRATION_LOOP = 200_000  # iterations of `calibration_ms`'s loop: ~10 ms of Python


class BenchError(RuntimeError):
    """The host refused a bench request or did not start: the bench cannot measure."""


@dataclass(frozen=True, slots=True)
class Budget:
    """What the host promises on a two-core machine (issue 11): `games` concurrent games
    answered at `rate` answers/s in all with a p99 latency under `p99_ms`, at least `rate`
    answers/s when the bots answer flat out, and `resume_games` unfinished games back within
    `resume_s` of a restart. `vgcore bench --host` runs at this load by default and judges
    its figures by it."""

    games: int = 100
    rate: float = 2000.0
    p99_ms: float = 25.0
    resume_games: int = 1000
    resume_s: float = 5.0


BUDGET = Budget()


# -- results -------------------------------------------------------------------------------


@dataclass(slots=True)
class LoadResult:
    """One timed run of `games` concurrent games."""

    seat_b: str  # "agent:random" (the host plays B) or "bot" (a second connection does)
    games: int
    think_ms: float  # the bots' mean wait before each answer
    rate: float | None  # the answers/s the bots were paced to together (None: not paced)
    answers: int
    seconds: float
    answers_per_s: float
    host_decisions_per_s: float
    latency_p50_ms: float
    latency_p99_ms: float
    latency_max_ms: float
    games_finished: int
    host_cpu: float  # the host's CPU seconds over the window's wall seconds (1.0: one core)
    bench_cpu: float  # the same for this process (the bots)
    machine_cpu: dict[str, float] | None = None  # the whole machine over the window, in
    # cores (Linux's /proc/stat; None elsewhere): `busy` (every process), `others` (busy
    # beyond the host and the bots), `steal` (taken by the hypervisor: a VM whose cores are
    # lent out shows a tail no change to the host can remove), `iowait`
    rss_end_mib: float = 0.0  # the host's resident memory when the window ended (a leak
    # shows as growth over a long run, `--seconds`, beyond the games' own)
    host_trace: dict[str, Any] | None = None  # with `trace`: the host's (trace.py)
    bench_trace: dict[str, Any] | None = None  # with `trace`: the bots' own loop and collector


@dataclass(slots=True)
class ResumeResult:
    games: int  # unfinished games in the database when the host started again (a game
    # can end while its seat A is away: the host's agent plays on until A is asked)
    answers_per_game: int  # seat A's answers in each (the host's agent answered B's)
    journal_per_game: float  # journal entries per game (A's answers and the agent's)
    snapshots: int  # games with a snapshot (the host takes one every 250 entries by default)
    startup_empty_s: float  # start to first pong, empty database
    startup_s: float  # start to first pong, `games` games to resume (they are rebuilt in
    # the background, a game asked for first rebuilt at once)
    resumed_s: float  # start until the host logs that every unfinished game is back
    resumed: int  # games the restarted host says it resumed


@dataclass(slots=True)
class HostBenchResult:
    format: str
    compression: str | None
    views: bool  # whether the bots asked for views (join's `views`)
    batch: bool  # whether the bots asked for batch messages (hello's `batch`)
    workers: int  # the host's worker processes (`serve --workers`)
    neighbour: bool  # whether a busy process (nice 19) ran beside the timed runs
    machine: dict[str, Any]
    rss_start_mib: float  # the host after one warm-up game
    rss_games_mib: float  # with `games` games created and joined
    mib_per_game: float
    vs_agent: LoadResult
    bot_vs_bot: LoadResult | None
    resume: ResumeResult | None
    capacity: LoadResult | None = None  # vs_agent again on a host of its own, unpaced: the
    # most answers/s the host gives (with `Options.capacity`, after a paced vs_agent run)
    budget: dict[str, Any] = field(default_factory=dict)  # `judge`: the figures against BUDGET

    def as_dict(self) -> dict[str, Any]:
        return _rounded(asdict(self))


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


# -- the host process ------------------------------------------------------------------------


class HostProcess:
    """`vgcore serve --ws 127.0.0.1:0 --db DB` as a child process, its log drained."""

    def __init__(self, db: Path, *, card_dirs: Sequence[str] = (),
                 python_args: Sequence[str] = (), serve_args: Sequence[str] = (),
                 trace: Path | None = None) -> None:
        self.db = db
        self.trace = trace  # where the host writes its trace when it stops (trace.py)
        self.argv = [sys.executable, *python_args, "-m", "vgcore.cli", "serve", "--ws",
                     "127.0.0.1:0", "--db", str(db), "--log-level", "info",
                     *itertools.chain.from_iterable(("--cards", d) for d in card_dirs),
                     *serve_args]
        self.process: asyncio.subprocess.Process | None = None
        self.url = ""
        self.log: list[str] = []
        self._drain: asyncio.Task[None] | None = None
        self.began = 0.0
        self.resumed: asyncio.Future[tuple[int, float]] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self) -> float:
        """Start the host; the seconds from starting the process to its first `pong`."""
        began = self.began = time.perf_counter()
        self.resumed = asyncio.get_running_loop().create_future()
        env = None
        if self.trace is not None:
            from vgcore.host.trace import ENV

            env = {**os.environ, ENV: str(self.trace)}
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
            env=env)
        assert self.process.stderr is not None
        async with asyncio.timeout(START_TIMEOUT):
            while True:
                line = (await self.process.stderr.readline()).decode("utf-8", "replace")
                if not line:
                    raise BenchError(f"the host exited ({await self.process.wait()}) without "
                                     "listening:\n" + "".join(self.log[-20:]))
                self.saw(line)
                found = LISTENING.search(line)
                if found:
                    break
        self.url = found.group(1) + "/"
        self._drain = asyncio.create_task(self._read_log(self.process.stderr))
        async with connect(self.url, compression=None) as ws:
            await ws.send('{"v": 1, "type": "ping", "id": 1}')
            await ws.recv()
        return time.perf_counter() - began

    async def _read_log(self, stream: asyncio.StreamReader) -> None:
        while line := await stream.readline():
            self.saw(line.decode("utf-8", "replace"))

    def saw(self, line: str) -> None:
        """Keep a log line; the one that says every unfinished game is back is timed."""
        self.log.append(line)
        found = RESUMED.search(line)
        if found and self.resumed is not None and not self.resumed.done():
            self.resumed.set_result((int(found.group(1)), time.perf_counter() - self.began))

    async def all_resumed(self) -> tuple[int, float]:
        """The host's unfinished games rebuilt, and the seconds from its start until then."""
        assert self.resumed is not None
        async with asyncio.timeout(START_TIMEOUT):
            return await asyncio.shield(self.resumed)

    def processes(self) -> list[int]:
        """The host's process and its workers (a sharded host: `serve --workers N`)."""
        found = [self.pid]
        for pid in found:
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                found += (int(child) for child in task.read_text().split())
        return found

    def rss_mib(self) -> float:
        """The host's resident memory (VmRSS; of its processes together), MiB."""
        total = 0
        for pid in self.processes():
            lines = Path(f"/proc/{pid}/status").read_text().splitlines()
            rss = [line for line in lines if line.startswith("VmRSS:")]
            if not rss:
                raise BenchError("no VmRSS in /proc: the host bench needs Linux")
            total += int(rss[0].split()[1])
        return total / 1024

    def cpu_seconds(self) -> float:
        """CPU time the host has used (user + system; of its processes together). A worker
        gone since the last reading takes its time with it: the host's are not restarted
        while it is measured."""
        ticks = 0
        for pid in self.processes():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    async def stop(self) -> None:
        """SIGTERM, as a service manager stops it: the host closes cleanly."""
        await self._end(signal.SIGTERM)

    async def kill(self) -> None:
        """SIGKILL, as a crash: whatever was acknowledged is in the journal."""
        await self._end(signal.SIGKILL)

    async def _end(self, signum: int) -> None:
        if self.process is None:
            return
        if self.process.returncode is None:
            self.process.send_signal(signum)
        await self.process.wait()
        if self._drain is not None:
            await self._drain

    def read_trace(self) -> dict[str, Any] | None:
        """The trace the host wrote when it stopped (None: not traced); a sharded host's is
        its router's, with its workers' own under "workers"."""
        if self.trace is None or not self.trace.exists():
            return None
        traced = json.loads(self.trace.read_text())
        workers = sorted(self.trace.parent.glob(self.trace.name + ".worker*"))
        if workers:
            traced["workers"] = [json.loads(path.read_text()) for path in workers]
        return traced

    def errors(self) -> list[str]:
        return [line for line in self.log if " ERROR " in line or "Traceback" in line]


# -- the bots --------------------------------------------------------------------------------


class Incoming(msgspec.Struct):
    """The fields of a host message the bots read; the rest (views, events) is skipped."""

    type: str
    re: int | str | None = None
    game: str | None = None
    seat: str | None = None
    decision: Any = None
    tokens: dict[str, str] = {}
    code: str | None = None
    message: str | None = None


class IncomingBatch(msgspec.Struct):
    messages: list[Incoming]


_decode = msgspec.json.Decoder(Incoming).decode
_decode_batch = msgspec.json.Decoder(IncomingBatch).decode
BATCH_PREFIX = '{"type":"batch"'
_encode = msgspec.json.Encoder().encode


@dataclass(slots=True)
class Load:
    """What the bots of one run count, and when the run stops."""

    target: int | None  # answers to send; None: until `stop` is set from outside
    think: float = 0.0  # seconds a bot waits before each answer, on average (0: none)
    rate: float | None = None  # every bot's answers together, per second (None: unpaced)
    pacer: random.Random = field(default_factory=lambda: random.Random(0))
    next_slot: float = 0.0  # when the paced stream lets the next answer go
    start: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    latencies: list[float] = field(default_factory=list)
    answers: int = 0
    decisions: int = 0
    games_finished: int = 0

    async def wait_turn(self) -> None:
        """With a `rate`, wait for this answer's place in the Poisson stream shared by every
        bot. A stream that no bot was ready to use is not made up for later (no bursts)."""
        if self.rate is None:
            return
        now = time.perf_counter()
        slot = max(now, self.next_slot)
        self.next_slot = slot + self.pacer.expovariate(self.rate)
        if slot > now:
            await asyncio.sleep(slot - now)

    def answered(self) -> None:
        self.answers += 1
        if self.target is not None and self.answers >= self.target:
            self.stop.set()


@dataclass(slots=True)
class Table:
    """One game as its bots see it (both bots of a bot-vs-bot game share it)."""

    game: str
    answered_at: float | None = None  # when the last answer was sent, until the next decision
    last_decision: int | None = None
    answered: set[int] = field(default_factory=set)

    def decided(self, decision_id: int, load: Load) -> None:
        """A decision of this game arrived: the latency since the answer before it."""
        now = time.perf_counter()
        if self.answered_at is not None and load.start.is_set():
            load.latencies.append(now - self.answered_at)
            self.answered_at = None
        if self.last_decision is not None and decision_id > self.last_decision:
            load.decisions += decision_id - self.last_decision
        self.last_decision = decision_id


class Bot:
    """One connection that plays one seat at a time, answering at once at random."""

    def __init__(self, ws: ClientConnection, rng: random.Random, views: bool) -> None:
        self.ws = ws
        self.rng = rng
        self.views = views
        self.ids = itertools.count(1)
        self.unread: collections.deque[Incoming] = collections.deque()  # rest of a batch

    @classmethod
    async def open(cls, url: str, rng: random.Random, options: Options) -> Bot:
        ws = await connect(url, compression=options.compression, max_size=MAX_HOST_MESSAGE)
        read_in_small_buffers(ws.transport)
        bot = cls(ws, rng, options.views)
        if options.batch:
            await bot.request({"type": "hello", "batch": True})
        return bot

    async def request(self, message: dict[str, Any]) -> Incoming:
        """Send a request; its reply (others before it are dropped: none matter here)."""
        rid = next(self.ids)
        await self.ws.send(_encode({"v": 1, "id": rid, **message}).decode())
        while True:
            reply = await self.receive()
            if reply.re == rid:
                return reply

    async def receive(self) -> Incoming:
        if not self.unread:
            text = await self.ws.recv()
            if isinstance(text, str) and text.startswith(BATCH_PREFIX):
                self.unread.extend(_decode_batch(text).messages)
            else:
                self.unread.append(_decode(text))
        reply = self.unread.popleft()
        if reply.type == "error":
            raise BenchError(f"the host refused: {reply.code}: {reply.message}")
        return reply

    async def join(self, game: str, seat: str, token: str) -> dict[str, Any] | None:
        """Join `seat`; its pending decision, if it is asked."""
        joined = await self.request({"type": "join", "game": game, "seat": seat,
                                     "token": token, "views": self.views})
        return joined.decision

    async def play(self, table: Table, seat: str, first: dict[str, Any] | None,
                   load: Load) -> bool:
        """Answer `seat`'s decisions until the game ends (True) or the run stops (False)."""
        decision = first
        while True:
            if decision is not None:
                if load.stop.is_set():
                    return False
                await self.answer(table, decision, load)
            msg = await self.receive()
            decision = None
            if msg.type == "decision":
                table.decided(msg.decision["id"], load)
                if msg.seat == seat:
                    decision = msg.decision
            elif msg.type == "game_over":
                return True

    async def answer(self, table: Table, decision: dict[str, Any], load: Load) -> None:
        if decision["id"] in table.answered:
            return
        table.answered.add(decision["id"])
        if load.think:  # spread over 0.5–1.5 × think, so that the bots do not move in step
            await asyncio.sleep(load.think * (0.5 + self.rng.random()))
        await load.wait_turn()
        action = self.rng.choice(decision["options"])
        text = _encode({"v": 1, "type": "answer", "game": table.game,
                        "decision": decision["id"], "action": action}).decode()
        table.answered_at = time.perf_counter()
        await self.ws.send(text)
        if load.start.is_set():
            load.answered()

    async def close(self) -> None:
        await self.ws.close()


async def create(bot: Bot, format_id: str, seats: dict[str, str], seed: int) -> Incoming:
    return await bot.request({"type": "create", "format": format_id, "seats": seats,
                              "seed": seed})


async def against_agent(bot: Bot, format_id: str, load: Load, seeds: itertools.count[int],
                        joined: Callable[[], None]) -> None:
    """Seat A of one game after another, the host's random agent in B."""
    first_game = True
    while not load.stop.is_set():
        created = await create(bot, format_id, {"B": AGENT_SEAT}, next(seeds))
        table = Table(created.game or "")
        first = await bot.join(table.game, "A", created.tokens["A"])
        if first_game:
            joined()
            await load.start.wait()
            first_game = False
        if first is not None:
            table.last_decision = first["id"]
        if await bot.play(table, "A", first, load):
            load.games_finished += 1


async def bot_pair(a: Bot, b: Bot, format_id: str, load: Load, seeds: itertools.count[int],
                   joined: Callable[[], None]) -> None:
    """Both seats of one game after another, each a connection of its own."""
    first_game = True
    while not load.stop.is_set():
        created = await create(a, format_id, {}, next(seeds))
        table = Table(created.game or "")
        first_a = await a.join(table.game, "A", created.tokens["A"])
        first_b = await b.join(table.game, "B", created.tokens["B"])
        if first_game:
            joined()
            await load.start.wait()
            first_game = False
        for first in (first_a, first_b):
            if first is not None:
                table.last_decision = first["id"]
        done = await asyncio.gather(a.play(table, "A", first_a, load),
                                    b.play(table, "B", first_b, load))
        if all(done):
            load.games_finished += 1


# -- the runs --------------------------------------------------------------------------------


@dataclass(slots=True)
class Options:
    format_id: str = "premium"
    games: int = 100
    answers: int | None = DEFAULT_ANSWERS
    seconds: float | None = None  # instead of `answers`
    resume: int = DEFAULT_RESUME  # 0: no resume test
    bot_vs_bot: bool = True
    seed: int = 0
    think_ms: float = 0.0  # each bot's mean wait before an answer (0: as fast as it can)
    rate: float | None = None  # all the bots' answers together, per second (None: unpaced)
    compression: str | None = "deflate"  # what browsers offer; None: plain frames
    views: bool = True  # the bots ask for a view after every change, as frontends do
    batch: bool = True  # the bots ask for batch messages in hello
    serve_args: tuple[str, ...] = ()  # more `vgcore serve` options (`--snapshot-every 0`)
    workers: int = 1  # the host's worker processes (`serve --workers`)
    card_dirs: tuple[str, ...] = ()
    profile: Path | None = None  # cProfile the vs_agent host into this file
    trace: bool = False  # trace each run's host and the bots' loop (trace.py)
    neighbour: bool = False  # a busy process at nice 19 beside the load runs (neighbour.py)
    capacity: bool = False  # after a paced vs_agent run, time a host unpaced as well

    def host_args(self) -> tuple[str, ...]:
        """The `vgcore serve` options of every host this bench starts."""
        return (*self.serve_args, "--workers", str(self.workers))


def calibration_ms(rounds: int = 7) -> float:
    """The best of `rounds` timings of a fixed piece of pure-Python work, in ms: how fast this
    machine runs Python right now. A VM's speed drifts (by a fifth within an hour here), and
    a tail latency moves with it, so two runs compare only when their figures are alike."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        total = 0
        for i in range(CALIBRATION_LOOP):
            total += i * i
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 3)


PROC_STAT = Path("/proc/stat")
STAT_FIELDS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def machine_ticks() -> dict[str, int] | None:
    """The machine's CPU time so far by kind, in clock ticks (the first line of Linux's
    /proc/stat; guest time is already counted in user); None where there is no such file."""
    try:
        line = PROC_STAT.read_text().split("\n", 1)[0]
    except OSError:
        return None
    values = [int(value) for value in line.split()[1:len(STAT_FIELDS) + 1]]
    return dict(zip(STAT_FIELDS, values, strict=False))


def machine_cores(before: dict[str, int] | None, after: dict[str, int] | None,
                  seconds: float) -> dict[str, float] | None:
    """What the machine's cores did between two `machine_ticks`, in cores (1.0: one core
    for the whole window): `busy`, `steal` and `iowait`."""
    if before is None or after is None or seconds <= 0:
        return None
    tick = os.sysconf("SC_CLK_TCK") * seconds
    spent = {kind: (after.get(kind, 0) - before.get(kind, 0)) / tick for kind in STAT_FIELDS}
    busy = sum(spent[kind] for kind in ("user", "nice", "system", "irq", "softirq"))
    return {"busy": round(busy, 3), "steal": round(spent["steal"], 3),
            "iowait": round(spent["iowait"], 3)}


def bench_host(options: Options, *, on_phase: Callable[[str], None] = lambda _: None,
               ) -> HostBenchResult:
    """Run every phase (each on a host of its own) and return the figures."""
    return asyncio.run(_bench(options, on_phase))


async def _bench(options: Options, on_phase: Callable[[str], None]) -> HostBenchResult:
    machine: dict[str, Any] = {"cpus": os.cpu_count(), "load_1m_before": os.getloadavg()[0],
                               "python": platform.python_version(),
                               "system": f"{platform.system()} {platform.machine()}",
                               "calibration_ms_before": calibration_ms()}
    with tempfile.TemporaryDirectory(prefix="vgcore-host-bench-") as tmp:
        on_phase(f"{options.games} games, seat B the host's agent")
        vs_agent, memory = await load_on_new_host(Path(tmp) / "agent", options, 1,
                                                  profile=options.profile)
        capacity = None
        if options.capacity and options.rate is not None:
            on_phase(f"{options.games} games, seat B the host's agent, unpaced")
            capacity, _ = await load_on_new_host(
                Path(tmp) / "capacity", replace(options, rate=None, think_ms=0.0), 1)
        bot_vs_bot = None
        if options.bot_vs_bot:
            on_phase(f"{options.games} games, both seats bots")
            bot_vs_bot, _ = await load_on_new_host(Path(tmp) / "bots", options, 2)
        resume = None
        if options.resume:
            on_phase(f"{options.resume} unfinished games, the host killed and started again")
            resume = await measure_resume(Path(tmp) / "resume.sqlite3", options)
    machine["load_1m_after"] = os.getloadavg()[0]
    machine["calibration_ms_after"] = calibration_ms()
    rss_start, rss_games = memory
    result = HostBenchResult(
        format=options.format_id, compression=options.compression, views=options.views,
        batch=options.batch, workers=options.workers, neighbour=options.neighbour,
        machine=machine,
        rss_start_mib=rss_start, rss_games_mib=rss_games,
        mib_per_game=(rss_games - rss_start) / options.games,
        vs_agent=vs_agent, bot_vs_bot=bot_vs_bot, resume=resume, capacity=capacity)
    result.budget = judge(result, options)
    return result


def judge(result: HostBenchResult, options: Options, budget: Budget = BUDGET,
          ) -> dict[str, Any]:
    """The figures against `budget`: per promise its figure, its limit and whether it is met
    — None when the run was not made at the budget's load (other games, rate or think time,
    fewer games to resume), since a figure at another load says nothing of it. `met` is True
    only when every promise was measured and kept."""
    def at_load(run: LoadResult | None, rate: float | None) -> bool:
        return (run is not None and run.games == budget.games and run.rate == rate
                and run.think_ms == 0)

    unpaced = [run for run in (result.capacity, result.vs_agent, result.bot_vs_bot)
               if run is not None and run.rate is None and run.think_ms == 0]
    most = max((run.answers_per_s for run in unpaced), default=None)
    checks = {"answers_per_s": _check(most, budget.rate,
                                      any(at_load(run, None) for run in unpaced),
                                      lambda figure, limit: figure >= limit)}
    for name, run in (("vs_agent", result.vs_agent), ("bot_vs_bot", result.bot_vs_bot)):
        checks[f"{name}_p99_ms"] = _check(
            run.latency_p99_ms if run is not None else None, budget.p99_ms,
            at_load(run, budget.rate), lambda figure, limit: figure < limit)
    resume = result.resume
    checks["resume_s"] = _check(resume.resumed_s if resume is not None else None,
                                budget.resume_s, options.resume >= budget.resume_games,
                                lambda figure, limit: figure < limit)
    verdicts = [check["met"] for check in checks.values()]
    met = False if False in verdicts else None if None in verdicts else True
    return {"met": met, "games": budget.games, "rate": budget.rate, **checks}


def _check(figure: float | None, limit: float, measured: bool,
           keeps: Callable[[float, float], bool]) -> dict[str, Any]:
    met = keeps(figure, limit) if measured and figure is not None else None
    return {"figure": figure, "limit": limit, "met": met}


async def load_on_new_host(base: Path, options: Options, bots_per_game: int, *,
                           profile: Path | None = None,
                           ) -> tuple[LoadResult, tuple[float, float]]:
    """One timed run on a host of its own (database `base`.sqlite3; its trace, with
    `trace`, is this run's alone), beside the neighbour when asked."""
    python_args = ("-m", "cProfile", "-o", str(profile)) if profile else ()
    host = HostProcess(base.with_suffix(".sqlite3"), card_dirs=options.card_dirs,
                       python_args=python_args, serve_args=options.host_args(),
                       trace=base.with_suffix(".trace.json") if options.trace else None)
    await host.start()
    try:
        with BusyNeighbour(options.neighbour):
            result, memory = await measure_load(host, options, bots_per_game=bots_per_game)
    finally:
        await host.stop()
    result.host_trace = host.read_trace()
    return result, memory


async def measure_load(host: HostProcess, options: Options, *, bots_per_game: int,
                       ) -> tuple[LoadResult, tuple[float, float]]:
    """`games` concurrent games on `host`, timed from when every one of them is joined."""
    rng = random.Random(options.seed)
    seeds = itertools.count(options.seed * 1_000_003 + 1)
    await warm_up(host, options, seeds)
    rss_start = host.rss_mib()
    load = Load(options.answers if options.seconds is None else None,
                think=options.think_ms / 1000, rate=options.rate,
                pacer=random.Random(rng.getrandbits(64)))
    bots = [await Bot.open(host.url, random.Random(rng.getrandbits(64)), options)
            for _ in range(options.games * bots_per_game)]
    ready = 0
    all_joined = asyncio.Event()

    def joined() -> None:
        nonlocal ready
        ready += 1
        if ready == options.games:
            all_joined.set()

    if bots_per_game == 1:
        plays = [against_agent(bot, options.format_id, load, seeds, joined) for bot in bots]
        seat_b = AGENT_SEAT
    else:
        plays = [bot_pair(bots[i], bots[i + 1], options.format_id, load, seeds, joined)
                 for i in range(0, len(bots), 2)]
        seat_b = "bot"
    tasks = [asyncio.create_task(play) for play in plays]
    try:
        await _first_of(all_joined.wait(), tasks)
        rss_games = host.rss_mib()
        cpu_host, cpu_bench = host.cpu_seconds(), time.process_time()
        ticks = machine_ticks()
        bench_trace = _bench_trace(options)
        began = time.perf_counter()
        load.start.set()
        if options.seconds is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(options.seconds):
                    await _first_of(load.stop.wait(), tasks)
            load.stop.set()
        else:
            await _first_of(load.stop.wait(), tasks)
        seconds = time.perf_counter() - began
        cpu_host, cpu_bench = host.cpu_seconds() - cpu_host, time.process_time() - cpu_bench
        machine_cpu = machine_cores(ticks, machine_ticks(), seconds)
        rss_end = host.rss_mib()
        if bench_trace is not None:
            bench_trace.uninstall()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(bot.close() for bot in bots), return_exceptions=True)
    latencies = sorted(load.latencies)
    result = LoadResult(
        seat_b=seat_b, games=options.games, think_ms=options.think_ms, rate=options.rate,
        answers=load.answers,
        seconds=seconds,
        answers_per_s=load.answers / seconds, host_decisions_per_s=load.decisions / seconds,
        latency_p50_ms=1000 * percentile(latencies, 0.50),
        latency_p99_ms=1000 * percentile(latencies, 0.99),
        latency_max_ms=1000 * (latencies[-1] if latencies else 0.0),
        games_finished=load.games_finished, host_cpu=cpu_host / seconds,
        bench_cpu=cpu_bench / seconds, rss_end_mib=rss_end,
        machine_cpu=machine_cpu and {**machine_cpu, "others": round(
            machine_cpu["busy"] - (cpu_host + cpu_bench) / seconds, 3)},
        bench_trace=_bench_summary(bench_trace) if bench_trace is not None else None)
    return result, (rss_start, rss_games)


def _bench_trace(options: Options) -> Any:
    """With `trace`: time the bots' own collections and loop callbacks over the run, so
    that a latency the bench adds is not read as the host's."""
    if not options.trace:
        return None
    from vgcore.host.trace import Trace

    traced = Trace()
    traced.install()
    return traced


def _bench_summary(traced: Any) -> dict[str, Any]:
    summary = traced.summary()
    return {key: summary[key] for key in ("cpu_s", "callbacks", "gc")}


async def _first_of(waiting: Awaitable[Any], tasks: list[asyncio.Task[None]]) -> None:
    """Wait for `waiting`; a bot that fails first (the host refused it) fails the run."""
    waiter = asyncio.ensure_future(waiting)
    try:
        done, _ = await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not waiter.done():
            waiter.cancel()
    for task in done:
        if task is not waiter and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
    if waiter not in done:
        raise BenchError("a bot stopped before the run ended")


async def warm_up(host: HostProcess, options: Options, seeds: itertools.count[int]) -> None:
    """One whole game first, so that what is loaded once (engines, card scripts) is not
    counted as the memory of the games after it."""
    bot = await Bot.open(host.url, random.Random(options.seed), options)
    try:
        load = Load(None)
        created = await create(bot, options.format_id, {"B": AGENT_SEAT}, next(seeds))
        table = Table(created.game or "")
        await bot.play(table, "A", await bot.join(table.game, "A", created.tokens["A"]), load)
    finally:
        await bot.close()


async def measure_resume(db: Path, options: Options) -> ResumeResult:
    """Leave `resume` games unfinished in `db`, SIGKILL the host, and time its restart."""
    host = HostProcess(db, card_dirs=options.card_dirs, serve_args=options.host_args())
    startup_empty = await host.start()
    try:
        await leave_unfinished(host, options)
    finally:
        await host.kill()
    unfinished, journal, snapshots = journal_sizes(db)
    again = HostProcess(db, card_dirs=options.card_dirs, serve_args=options.host_args())
    try:
        startup = await again.start()
        resumed, resumed_s = await again.all_resumed() if unfinished else (0, startup)
        problems = again.errors()
    finally:
        await again.stop()
    if problems:
        raise BenchError("the restarted host logged errors:\n" + "".join(problems[:10]))
    return ResumeResult(games=unfinished, answers_per_game=RESUME_ANSWERS,
                        journal_per_game=journal / max(1, unfinished), snapshots=snapshots,
                        startup_empty_s=startup_empty, startup_s=startup,
                        resumed_s=resumed_s, resumed=resumed)


def journal_sizes(db: Path) -> tuple[int, int, int]:
    """The unfinished games of `db`, their journal entries, and how many have a snapshot."""
    from vgcore.host.shards import ShardStores, existing_shards

    store = ShardStores(db, existing_shards(db), home=0)  # a sharded host's too
    try:
        games = store.unfinished()
        return (len(games), sum(len(store.journal(g.id)) for g in games),
                sum(store.latest_snapshot(g.id) is not None for g in games))
    finally:
        store.close()


async def leave_unfinished(host: HostProcess, options: Options) -> None:
    """`resume` games against the host's agent, each left after RESUME_ANSWERS answers by A."""
    pending = iter(range(options.resume))
    seeds = itertools.count(options.seed * 1_000_003 + 500_000)

    async def worker(bot: Bot) -> None:
        for _ in pending:
            while not await unfinished_game(bot, options.format_id, next(seeds)):
                pass  # the game ended within RESUME_ANSWERS answers: another one

    bots = [await Bot.open(host.url, random.Random(options.seed + i), options)
            for i in range(min(RESUME_WORKERS, options.resume))]
    try:
        await asyncio.gather(*(worker(bot) for bot in bots))
    finally:
        await asyncio.gather(*(bot.close() for bot in bots), return_exceptions=True)


async def unfinished_game(bot: Bot, format_id: str, seed: int) -> bool:
    """Play A for RESUME_ANSWERS answers and leave the game live (False if it ended)."""
    created = await create(bot, format_id, {"B": AGENT_SEAT}, seed)
    table = Table(created.game or "")
    decision = await bot.join(table.game, "A", created.tokens["A"])
    load = Load(RESUME_ANSWERS)
    load.start.set()
    while True:
        if decision is not None:
            await bot.answer(table, decision, load)
            if load.stop.is_set():
                break
        msg = await bot.receive()
        decision = msg.decision if msg.type == "decision" and msg.seat == "A" else None
        if msg.type == "game_over":
            return False
    # The host reads a connection's messages in order: `leave`'s reply comes after the last
    # answer is journaled, so the game is in the store as it is when the host is killed.
    await bot.request({"type": "leave", "game": table.game})
    return True
