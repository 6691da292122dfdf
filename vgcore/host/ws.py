"""The WebSocket transport, with plain HTTP GET on the same port.

Each text frame is one JSON message each way. A binary frame is answered with a
`bad_message` error and the connection stays; a frame over the protocol's size limit is
refused by the library itself, which closes the connection with 1009 (message too big) — the
client sent something no valid client sends, so losing that connection is the documented
outcome. Requests that are not WebSocket upgrades go to an `HttpRoutes` (http.py).

Origins: browsers send `Origin` with every WebSocket handshake, so checking it stops a foreign
web page from driving a player's host (cross-site WebSocket hijacking). Bound to loopback, the
host accepts pages served from loopback (http://127.0.0.1:*, http://localhost:*,
http://[::1]:*) and the `--allow-origin` list; bound elsewhere, only the list. A handshake
without `Origin` comes from a program, not a browser page, and is accepted everywhere: such a
client could send any Origin it liked, so refusing it would protect nothing.
"""

from __future__ import annotations

import asyncio
import email.utils
import http
import ipaddress
import logging
import re
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.http11 import Request, Response
from websockets.protocol import State

from vgcore.host import trace
from vgcore.host.http import HttpRoutes
from vgcore.host.protocol import MAX_MESSAGE
from vgcore.host.reads import read_in_small_buffers
from vgcore.host.room import MAX_RESUME_EVENTS
from vgcore.host.stdio import bad_message, receive

if TYPE_CHECKING:
    from vgcore.host.router import Router
    from vgcore.host.service import Host

log = logging.getLogger("vgcore.host.ws")

# Host messages queued for one connection before it is "too slow". The largest burst the host
# sends at once is a resume: up to MAX_RESUME_EVENTS events, then `joined` and the clocks.
OUTBOUND_LIMIT = 2 * MAX_RESUME_EVENTS
PING_INTERVAL = 20.0  # seconds between keepalive pings; a peer silent for 20 s more is gone
PING_TIMEOUT = 20.0
CLOSE_TOO_SLOW = 1008  # policy violation: the client does not read what it is sent
DEFLATE_LEVEL = 1  # zlib's fastest (deflate_extensions)
DEFLATE_WINDOW_BITS = 13  # an 8 KiB window for what the host sends
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
LOOPBACK_ORIGIN = re.compile(r"http://(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?")

OriginRule = str | re.Pattern[str] | None  # None: no Origin header
Ready = Callable[[int], object] | asyncio.Future[int]


async def serve_ws(host: Host | Router, host_name: str, port: int, *,
                   allow_origins: Sequence[str] = (), http: HttpRoutes | None = None,
                   ready: Ready | None = None, outbound_limit: int = OUTBOUND_LIMIT,
                   compression: str | None = "deflate", send_buffer: int | None = None) -> None:
    """Serve `host` (one process's, or a sharded host's router) on ws://host_name:port
    (plain HTTP GET on the same port via `http`, `HttpRoutes.default()` when None) until
    cancelled; then close every connection and stop the host. `ready` gets the bound port
    (an ephemeral one when `port` is 0). `compression`: "deflate" (permessage-deflate with
    the clients that offer it) or None (plain frames: less CPU and half the memory per
    connection, for loopback and LANs). `send_buffer`: the kernel's send buffer per
    connection in bytes (SO_SNDBUF); None keeps the system's, which on Linux grows to several
    MiB for a client that stops reading — a host with many connections may cap it."""
    routes = http if http is not None else HttpRoutes.default()

    async def handler(ws: ServerConnection) -> None:
        await serve_connection(host, ws, outbound_limit)

    server = await serve(
        handler, host_name, port, origins=allowed_origins(host_name, allow_origins),
        process_request=lambda _conn, request: http_reply(routes, request),
        max_size=MAX_MESSAGE, ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
        compression=compression, extensions=deflate_extensions(compression))
    if send_buffer is not None:
        for listening in server.sockets:  # accepted sockets inherit the listener's size
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    bound = server.sockets[0].getsockname()[1]
    log.info("listening on ws://%s:%d", _url_host(host_name), bound)
    _signal_ready(ready, bound)
    try:
        await asyncio.Future()  # until cancelled
    finally:
        server.close()  # every connection closes with 1001 (going away)
        await server.wait_closed()
        await host.stop()
        log.info("host stopped")


async def serve_connection(host: Host | Router, ws: ServerConnection, outbound_limit: int) -> None:
    """One WebSocket: frames in go to the host; the host's messages are written at once while
    the socket keeps up, and otherwise wait in a bounded queue; a connection that lets the
    queue overflow is closed as too slow."""
    outbound: asyncio.Queue[str] = asyncio.Queue(outbound_limit)
    closing: list[asyncio.Task[None]] = []

    def send(text: str) -> None:
        if closing:
            return
        if outbound.empty() and _write_now(ws, text):
            return
        try:
            outbound.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("%s: %d messages unread; closing it", _peer(ws), outbound_limit)
            closing.append(asyncio.create_task(ws.close(CLOSE_TOO_SLOW, "too slow")))

    read_in_small_buffers(ws.transport)
    connection = host.connect(send, peer=_peer(ws))
    writer = asyncio.create_task(_write_frames(ws, outbound))
    try:
        async for frame in ws:
            if isinstance(frame, str):
                await receive(connection, frame)
            else:
                send(bad_message("binary frames are not read: send each message as a "
                                 "text frame of JSON"))
    except ConnectionClosed:
        pass
    finally:
        connection.closed()
        writer.cancel()
        if closing:
            await closing[0]


def _write_now(ws: ServerConnection, text: str) -> bool:
    """Write one message to the socket in the caller's step, when nothing is queued before it
    and the transport is not over its write limit (websockets' own flow control: `paused`).
    This skips a task switch and the library's `send` coroutine a message (~10 % of a sharded
    host's router at 2,000 answers a second); a client that stops reading pauses the
    transport, and its messages then take the queue, which closes it when full. False: the
    caller queues the message (the connection is closing, paused, or mid-fragment)."""
    if ws.protocol.state is not State.OPEN or ws.paused or ws.send_in_progress is not None:
        return False
    sent = trace.timer("ws_send")
    try:
        ws.protocol.send_text(text.encode())
        ws.send_data()
    except Exception as exc:  # a broken socket: the client reconnects and resumes
        log.info("%s: write failed (%s); dropping the connection", _peer(ws), exc)
        ws.transport.abort()  # as websockets does when a write fails
        return True
    if sent is not None:
        sent()
    return True


async def _write_frames(ws: ServerConnection, outbound: asyncio.Queue[str]) -> None:
    try:
        while True:
            text = await outbound.get()
            sent = trace.timer("ws_send")
            await ws.send(text)
            if sent is not None:
                sent()
    except ConnectionClosed:
        pass


def deflate_extensions(compression: str | None) -> list[ServerPerMessageDeflateFactory]:
    """permessage-deflate at zlib's level 1 with an 8 KiB window for what the host sends
    (websockets' own default: level 6, 4 KiB). What the host sends after each change is
    much like what it sent before (a view of ~3 KB in a ~4.5 KB message): with 8 KiB the
    last message is still in the window, and level 1 finds it as well as level 6 does. Over
    the host's own messages of a d-standard game: 25 µs a message and 12.7 % of the bytes,
    where the default took 48 µs for 12.0 % (deflate was a third of the WebSocket
    process's CPU at 2,000 answers/s; end to end the gain is within the VM's noise). The
    cost is 16 KiB more per connection."""
    if compression is None:
        return []
    return [ServerPerMessageDeflateFactory(
        server_max_window_bits=DEFLATE_WINDOW_BITS, client_max_window_bits=12,
        compress_settings={"memLevel": 5, "level": DEFLATE_LEVEL})]


def allowed_origins(host_name: str, allow_origins: Sequence[str]) -> list[OriginRule]:
    """The `origins` argument of the server (see the module docstring)."""
    origins: list[OriginRule] = [None, *allow_origins]
    if is_loopback(host_name):
        origins.append(LOOPBACK_ORIGIN)
    return origins


def is_loopback(host_name: str) -> bool:
    if host_name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host_name).is_loopback
    except ValueError:
        return False


def http_reply(routes: HttpRoutes, request: Request) -> Response | None:
    """Answer a plain HTTP request from the routes; None lets a WebSocket upgrade go on."""
    if "websocket" in request.headers.get("Upgrade", "").lower():
        return None
    method = getattr(request, "method", "GET")
    reply = routes.respond(method, request.path)
    headers = Headers([
        ("Date", email.utils.formatdate(usegmt=True)),
        ("Connection", "close"),
        ("Content-Length", str(len(reply.body))),
        ("X-Content-Type-Options", "nosniff"),
        *reply.headers.items(),
    ])
    return Response(reply.status, http.HTTPStatus(reply.status).phrase, headers, reply.body)


def _signal_ready(ready: Ready | None, port: int) -> None:
    if ready is None:
        return
    if isinstance(ready, asyncio.Future):
        ready.set_result(port)
    else:
        ready(port)


def _peer(ws: ServerConnection) -> str:
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if address else "ws"


def _url_host(host_name: str) -> str:
    return f"[{host_name}]" if ":" in host_name else host_name
