"""The stdio transport: JSON Lines on stdin and stdout for a parent process.

One line in is one client message, one line out is one host message (UTF-8, "\\n"-ended);
logs go to stderr only, so stdout stays a clean stream. The parent is trusted: its one
connection may join several seats (host-design.md). A line longer than the protocol's limit or
one that is not UTF-8 is answered with a `bad_message` error and the stream goes on at the
next line. When stdin ends the connection closes and the host stops.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, BinaryIO

from vgcore.host import protocol
from vgcore.host.protocol import MAX_MESSAGE
from vgcore.host.reads import read_in_small_buffers

if TYPE_CHECKING:
    from vgcore.host.router import RouterConnection
    from vgcore.host.service import Connection, Host

log = logging.getLogger("vgcore.host.stdio")

# Host messages waiting for stdout. A parent that stops reading for this long is gone: the
# host stops rather than hold an ever-growing backlog.
OUTBOUND_LIMIT = 10_000
CHUNK = 65536  # bytes a stdin thread reads at a time (regular files only)


class OversizedLine(ValueError):
    """A line longer than MAX_MESSAGE (already skipped up to its newline)."""


async def serve_stdio(host: Host, *, stdin: BinaryIO | None = None,
                      stdout: BinaryIO | None = None) -> None:
    """Serve `host` on one trusted connection over `stdin`/`stdout` (binary streams; the
    process's own by default) until stdin ends; then stop the host."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    outbound: asyncio.Queue[str | None] = asyncio.Queue(OUTBOUND_LIMIT)
    stalled = asyncio.Event()

    def send(text: str) -> None:
        if stalled.is_set():
            return
        try:
            outbound.put_nowait(text)
        except asyncio.QueueFull:
            log.error("stdout is not being read (%d messages waiting); stopping", OUTBOUND_LIMIT)
            stalled.set()

    writer = asyncio.create_task(_write_lines(outbound, stdout))
    connection = host.connect(send, trusted=True, peer="stdio")
    reader = asyncio.create_task(_read_into(connection, stdin, send))
    stall = asyncio.create_task(stalled.wait())
    try:
        await asyncio.wait([reader, writer, stall], return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        stall.cancel()
        connection.closed()
        await host.stop()
        if stalled.is_set() or writer.done():
            writer.cancel()
        else:  # flush what the host said before stopping
            await outbound.put(None)
            await writer
    log.info("stdio closed; host stopped")


async def _read_into(connection: Connection, stdin: BinaryIO, send: Callable[[str], None]) -> None:
    """Feed each line of stdin to the connection; refuse bad lines with an error."""
    async for line in read_lines(stdin):
        if isinstance(line, OversizedLine):
            send(bad_message(f"a message is at most {MAX_MESSAGE} bytes; this line was "
                             f"longer and was skipped"))
            continue
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            send(bad_message(f"a line must be UTF-8 text: {exc}"))
            continue
        if text.strip():
            await receive(connection, text)


async def receive(connection: Connection | RouterConnection, text: str) -> None:
    """Hand one message to the host; a failure inside the host is logged, and the transport
    goes on serving (the host answers every refusal itself, so this is a host bug)."""
    try:
        await connection.receive(text)
    except Exception:
        log.exception("the host failed on a message")


async def read_lines(stdin: BinaryIO) -> AsyncIterator[bytes | OversizedLine]:
    """The lines of `stdin` without their newline, read with the MAX_MESSAGE limit; each
    over-long line is yielded once as an `OversizedLine` and skipped to its end."""
    reader = await _stream_reader(stdin)
    oversized = False
    while True:
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as exc:  # EOF: a last line without newline
            if exc.partial and not oversized:
                yield exc.partial
            elif oversized:
                yield OversizedLine()
            return
        except asyncio.LimitOverrunError as exc:
            # Discard what was read so far of the long line; the rest goes at its newline.
            await reader.readexactly(exc.consumed)
            oversized = True
            continue
        if oversized:
            oversized = False
            yield OversizedLine()
        else:
            yield line[:-1]


async def _stream_reader(stdin: BinaryIO) -> asyncio.StreamReader:
    """An asyncio reader over `stdin`: the event loop watches a pipe or a socket. Anything
    else is read by a thread: a regular file (`vgcore serve --stdio < transcript`) or a
    device such as /dev/null cannot be watched (epoll refuses them, and asyncio would only
    find out after this returns, leaving a host that never sees its end of input), and a
    terminal would be left non-blocking for the shell after we exit."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_MESSAGE)
    mode = os.fstat(stdin.fileno()).st_mode
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        reading, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), stdin)
        read_in_small_buffers(reading)
        return reader
    threading.Thread(target=_pump, args=(loop, reader, stdin.fileno()),
                     name="vgcore-stdin", daemon=True).start()
    return reader


def _pump(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader, fd: int) -> None:
    try:
        while chunk := os.read(fd, CHUNK):
            loop.call_soon_threadsafe(reader.feed_data, chunk)
        loop.call_soon_threadsafe(reader.feed_eof)
    except (OSError, RuntimeError):  # stdin closed under us, or the loop is gone: we stop
        return


async def _write_lines(outbound: asyncio.Queue[str | None], stdout: BinaryIO) -> None:
    """Drain the queue to stdout, several messages a write; None ends the stream."""
    write = await _line_writer(stdout)
    while True:
        batch = [await outbound.get()]
        while not outbound.empty() and len(batch) < 256:
            batch.append(outbound.get_nowait())
        data = b"".join(f"{t}\n".encode() for t in batch if t is not None)
        if data:
            try:
                await write(data)
            except (ConnectionError, ValueError):  # the parent closed our stdout
                log.info("stdout closed by the parent")
                return
        if None in batch:
            return


async def _line_writer(stdout: BinaryIO) -> Callable[[bytes], Awaitable[None]]:
    """A write that never blocks the event loop on a pipe (it waits for the reader
    instead); a regular file or a terminal is written directly, as the loop cannot watch a
    file, and making a terminal non-blocking would break stderr writes sharing it."""
    loop = asyncio.get_running_loop()
    if not stdout.isatty():
        try:
            transport, flow = await loop.connect_write_pipe(
                lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), stdout)
        except (ValueError, OSError):
            pass
        else:
            stream = asyncio.StreamWriter(transport, flow, None, loop)

            async def write_pipe(data: bytes) -> None:
                stream.write(data)
                await stream.drain()

            return write_pipe

    async def write_file(data: bytes) -> None:
        stdout.write(data)
        stdout.flush()

    return write_file


def bad_message(message: str) -> str:
    """A `bad_message` error, for input the transport refuses itself (host-design.md)."""
    return protocol.encode(protocol.Error(code="bad_message", message=message))
