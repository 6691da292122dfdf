"""A Python client of the host, over WebSocket or a stdio subprocess: for tests, bots and the
terminal.

`AsyncClient` is the asyncio one; `Client` wraps it for blocking code (its own event loop
in a thread). Messages are plain dicts both ways, so a test can send anything — including
what no valid client sends. With `validate=True` every message received is checked against
the protocol's Structs (`protocol.decode_host`), and one that does not match raises
`HostMessageError` where it is read: the tests validate everything they see this way.

A request gets an `id`; its reply (`re` equal to that id) goes to the request's caller, not
to `next()`, which returns everything else in order of arrival.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol, TypeVar

from vgcore.errors import VgError
from vgcore.host.reads import read_in_small_buffers

DEFAULT_TIMEOUT = 30.0  # seconds a request or next() waits before TimeoutError
MAX_HOST_MESSAGE = 64 * 2**20  # a finished game's replay can be large; refuse only absurd
T = TypeVar("T")
Message = dict[str, Any]


class HostRequestError(VgError):
    """The host refused a request with an `error` reply."""

    def __init__(self, code: str, message: str, legal: list[str] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.legal = legal


class HostMessageError(VgError):
    """A message from the host that does not match the protocol (validate=True)."""


class HostClosed(ConnectionError):
    """The connection to the host ended (`code`/`reason` from a WebSocket close, if any)."""

    def __init__(self, code: int | None = None, reason: str = "") -> None:
        super().__init__(f"the host closed the connection ({code} {reason})".strip())
        self.code = code
        self.reason = reason


class Link(Protocol):
    """How the client moves text: one message per call each way."""

    async def send_text(self, text: str) -> None: ...
    async def recv_text(self) -> str | None: ...  # None: the connection ended
    async def close(self) -> None: ...
    def closed_by(self) -> HostClosed: ...


# -- the asyncio client ------------------------------------------------------------------


class AsyncClient:
    """One connection to a host (see the module docstring)."""

    def __init__(self, link: Link, *, validate: bool = False) -> None:
        self.link = link
        self.validate = validate
        self._ids = itertools.count(1)
        self._pending: dict[int | str, asyncio.Future[Message]] = {}
        self._inbox: asyncio.Queue[Message | BaseException] = asyncio.Queue()
        self._ended: HostClosed | None = None
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, url: str, *, validate: bool = False, origin: str | None = None,
                      ) -> AsyncClient:
        """A WebSocket connection to `url` (ws://host:port/)."""
        from websockets.asyncio.client import connect

        ws = await connect(url, origin=origin, max_size=MAX_HOST_MESSAGE)  # type: ignore[arg-type]
        read_in_small_buffers(ws.transport)
        return cls(WsLink(ws), validate=validate)

    @classmethod
    async def spawn(cls, argv: Sequence[str], *, validate: bool = False,
                    stderr: int | None = None) -> AsyncClient:
        """Start `argv` (e.g. `vgcore serve --stdio`) and talk JSON Lines over its pipes."""
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=stderr, limit=MAX_HOST_MESSAGE)
        assert process.stdin is not None and process.stdout is not None
        return cls(StreamLink(process.stdout, process.stdin, process), validate=validate)

    @classmethod
    def attach(cls, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
               validate: bool = False) -> AsyncClient:
        """JSON Lines over streams someone else opened (a pipe, a socket)."""
        return cls(StreamLink(reader, writer), validate=validate)

    # -- moving messages -------------------------------------------------------------------

    async def send(self, msg: Message) -> None:
        """Send one message as it is (no id added, no check: tests send bad ones on purpose)."""
        await self.send_text(json.dumps(msg))

    async def send_text(self, text: str) -> None:
        """Send raw text as one message (a line or a frame): for malformed input."""
        if self._ended is not None:
            raise self._ended
        await self.link.send_text(text)

    async def request(self, msg: Message, *, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """Send `msg` with a fresh `id` (unless it has one) and return the reply that names
        it; an `error` reply raises `HostRequestError`."""
        msg = {"v": 1, **msg}
        rid = msg.setdefault("id", next(self._ids))
        if rid in self._pending:
            raise ValueError(f"request id {rid!r} is already waiting for its reply")
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            await self.send(msg)
            async with asyncio.timeout(timeout):
                reply = await future
        finally:
            self._pending.pop(rid, None)
        if reply.get("type") == "error":
            raise HostRequestError(reply.get("code", "?"), reply.get("message", ""),
                                   reply.get("legal"))
        return reply

    async def next(self, type: str | tuple[str, ...] | None = None, *,
                   timeout: float | None = DEFAULT_TIMEOUT) -> Message:
        """The next message not claimed by a request; with `type`, the next one of that type
        (or of one of those types), dropping the others before it. `timeout=None` waits as
        long as the connection lasts."""
        wanted = (type,) if isinstance(type, str) else type
        async with asyncio.timeout(timeout):
            while True:
                if self._inbox.empty() and self._ended is not None:
                    raise self._ended
                item = await self._inbox.get()
                if isinstance(item, BaseException):
                    raise item
                if wanted is None or item.get("type") in wanted:
                    return item

    async def close(self) -> None:
        await self.link.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    @property
    def ended(self) -> HostClosed | None:
        """How the connection ended, once it has."""
        return self._ended

    # -- the protocol's requests -----------------------------------------------------------

    async def hello(self, protocol: Sequence[int] = (1, 1), client: str = "vgcore.host.client",
                    ) -> Message:
        return await self.request({"type": "hello", "protocol": list(protocol),
                                   "client": client})

    async def create(self, format: str, decks: dict[str, Any] | None = None,
                     **fields: Any) -> Message:
        """`create`; `fields` are the message's other keys (seed, seats, clock, …)."""
        msg: Message = {"type": "create", "format": format, **fields}
        if decks is not None:
            msg["decks"] = decks
        return await self.request(msg)

    async def join(self, game: str, seat: str, token: str) -> Message:
        return await self.request({"type": "join", "game": game, "seat": seat,
                                   "token": token})

    async def answer(self, game: str, decision: int, action: str | int) -> Message:
        return await self.request({"type": "answer", "game": game, "decision": decision,
                                   "action": action})

    async def resume(self, game: str, seat: str, token: str, after: int = 0) -> Message:
        return await self.request({"type": "resume", "game": game, "seat": seat,
                                   "token": token, "after": after})

    async def spectate(self, game: str, after: int = 0) -> Message:
        return await self.request({"type": "spectate", "game": game, "after": after})

    async def get(self, game: str, what: str, seat: str | None = None) -> Message:
        msg: Message = {"type": "get", "game": game, "what": what}
        if seat is not None:
            msg["seat"] = seat
        return await self.request(msg)

    async def concede(self, game: str, seat: str) -> Message:
        return await self.request({"type": "concede", "game": game, "seat": seat})

    async def ping(self) -> Message:
        return await self.request({"type": "ping"})

    async def leave(self, game: str | None = None) -> Message:
        """Stop acting in `game` (every game of this connection when None)."""
        msg: Message = {"type": "leave"}
        if game is not None:
            msg["game"] = game
        return await self.request(msg)

    async def list_games(self, status: str | None = None, limit: int = 50) -> Message:
        msg: Message = {"type": "list", "limit": limit}
        if status is not None:
            msg["status"] = status
        return await self.request(msg)

    async def hint(self, game: str, agent: str = "greedy") -> Message:
        """The host's agent's pick for this connection's pending decision in `game`."""
        return await self.request({"type": "hint", "game": game, "agent": agent})

    # -- reading ---------------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            while (text := await self.link.recv_text()) is not None:
                self._deliver(text)
        finally:
            self._ended = self.link.closed_by()
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(self._ended)
            self._inbox.put_nowait(self._ended)

    def _deliver(self, text: str) -> None:
        """Route one message: to the request it answers, else to the inbox; one that breaks
        the protocol is raised to whoever reads it."""
        try:
            msg = json.loads(text)
        except ValueError:
            self._inbox.put_nowait(HostMessageError(f"the host sent text that is not JSON: "
                                                    f"{text[:200]!r}"))
            return
        if not isinstance(msg, dict):
            self._inbox.put_nowait(HostMessageError(f"the host sent JSON that is not an "
                                                    f"object: {text[:200]!r}"))
            return
        if msg.get("type") == "batch" and isinstance(msg.get("messages"), list):
            for inner in msg["messages"]:  # as if each had come alone
                self._deliver(json.dumps(inner))
            return
        problem = self._violation(text) if self.validate else None
        re = msg.get("re")
        future = self._pending.get(re) if isinstance(re, int | str) else None
        if future is not None and not future.done():
            if problem is not None:
                future.set_exception(problem)
            else:
                future.set_result(msg)
        else:
            self._inbox.put_nowait(problem if problem is not None else msg)

    @staticmethod
    def _violation(text: str) -> HostMessageError | None:
        """What is wrong with a host message by the protocol's Structs, if anything."""
        import msgspec

        from vgcore.host import protocol

        try:
            protocol.decode_host(text)
        except msgspec.ValidationError as exc:
            return HostMessageError(f"{exc} in {text[:300]}")
        return None


# -- transports --------------------------------------------------------------------------


class WsLink:
    """Text frames over a websockets client connection."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    async def send_text(self, text: str) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            await self.ws.send(text)
        except ConnectionClosed:
            raise self.closed_by() from None

    async def send_bytes(self, data: bytes) -> None:
        """A binary frame (the host refuses those: for tests)."""
        await self.ws.send(data)

    async def recv_text(self) -> str | None:
        from websockets.exceptions import ConnectionClosed

        try:
            frame = await self.ws.recv()
        except ConnectionClosed:
            return None
        return frame if isinstance(frame, str) else frame.decode("utf-8", "replace")

    async def close(self) -> None:
        await self.ws.close()

    def closed_by(self) -> HostClosed:
        return HostClosed(self.ws.close_code, self.ws.close_reason or "")


class StreamLink:
    """JSON Lines over a pair of streams, optionally a child process's pipes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 process: asyncio.subprocess.Process | None = None) -> None:
        self.reader = reader
        self.writer = writer
        self.process = process

    async def send_text(self, text: str) -> None:
        await self.send_bytes(text.encode() + b"\n")

    async def send_bytes(self, data: bytes) -> None:
        """Raw bytes on the pipe (not UTF-8, no newline: for tests)."""
        try:
            self.writer.write(data)
            await self.writer.drain()
        except ConnectionError:
            raise self.closed_by() from None

    async def recv_text(self) -> str | None:
        line = await self.reader.readline()
        return line.decode("utf-8", "replace").rstrip("\r\n") if line else None

    async def close(self) -> None:
        """End stdin; a host process then stops by itself (waited for, killed if not)."""
        if not self.writer.is_closing():
            self.writer.close()
        if self.process is not None:
            try:
                async with asyncio.timeout(DEFAULT_TIMEOUT):
                    await self.process.wait()
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def closed_by(self) -> HostClosed:
        code = self.process.returncode if self.process is not None else None
        return HostClosed(code, "the host's output ended")


# -- the blocking client -----------------------------------------------------------------


class Client:
    """`AsyncClient` for blocking code: its own event loop runs in a daemon thread, and each
    method waits for the coroutine it starts there."""

    def __init__(self, opener: Callable[[], Awaitable[AsyncClient]]) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="vgcore-client",
                                        daemon=True)
        self._thread.start()
        try:
            self.aio = self._run(_opened(opener))
        except BaseException:
            self._stop_loop()
            raise

    @classmethod
    def connect(cls, url: str, *, validate: bool = False, origin: str | None = None) -> Client:
        return cls(lambda: AsyncClient.connect(url, validate=validate, origin=origin))

    @classmethod
    def spawn(cls, argv: Sequence[str], *, validate: bool = False,
              stderr: int | None = None) -> Client:
        return cls(lambda: AsyncClient.spawn(argv, validate=validate, stderr=stderr))

    def send(self, msg: Message) -> None:
        self._run(self.aio.send(msg))

    def send_text(self, text: str) -> None:
        self._run(self.aio.send_text(text))

    def request(self, msg: Message, *, timeout: float = DEFAULT_TIMEOUT) -> Message:
        return self._run(self.aio.request(msg, timeout=timeout))

    def next(self, type: str | tuple[str, ...] | None = None, *,
             timeout: float | None = DEFAULT_TIMEOUT) -> Message:
        return self._run(self.aio.next(type, timeout=timeout))

    def hello(self, protocol: Sequence[int] = (1, 1)) -> Message:
        return self._run(self.aio.hello(protocol))

    def create(self, format: str, decks: dict[str, Any] | None = None, **fields: Any) -> Message:
        return self._run(self.aio.create(format, decks, **fields))

    def join(self, game: str, seat: str, token: str) -> Message:
        return self._run(self.aio.join(game, seat, token))

    def answer(self, game: str, decision: int, action: str | int) -> Message:
        return self._run(self.aio.answer(game, decision, action))

    def resume(self, game: str, seat: str, token: str, after: int = 0) -> Message:
        return self._run(self.aio.resume(game, seat, token, after))

    def spectate(self, game: str, after: int = 0) -> Message:
        return self._run(self.aio.spectate(game, after))

    def get(self, game: str, what: str, seat: str | None = None) -> Message:
        return self._run(self.aio.get(game, what, seat))

    def concede(self, game: str, seat: str) -> Message:
        return self._run(self.aio.concede(game, seat))

    def ping(self) -> Message:
        return self._run(self.aio.ping())

    def hint(self, game: str, agent: str = "greedy") -> Message:
        return self._run(self.aio.hint(game, agent))

    def leave(self, game: str | None = None) -> Message:
        return self._run(self.aio.leave(game))

    def list_games(self, status: str | None = None, limit: int = 50) -> Message:
        return self._run(self.aio.list_games(status, limit))

    def close(self) -> None:
        """Close the connection and the client's event loop."""
        if self._loop.is_closed():
            return
        try:
            self._run(self.aio.close())
        finally:
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()


async def _opened(opener: Callable[[], Awaitable[AsyncClient]]) -> AsyncClient:
    return await opener()
