"""The WebSocket transport and its HTTP side: real sockets on loopback (port 0)."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import socket
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from vgcore.host.client import AsyncClient, HostClosed, HostRequestError
from vgcore.host.http import HttpRoutes, static_dir
from vgcore.host.protocol import MAX_MESSAGE
from vgcore.host.room import MAX_RESUME_EVENTS
from vgcore.host.service import Host
from vgcore.host.ws import OUTBOUND_LIMIT, serve_ws

from .test_stdio import VANILLA, play_to_the_end, real_host


@asynccontextmanager
async def serving(host: Host, bind: str = "127.0.0.1", **options: Any) -> AsyncIterator[int]:
    """A running `serve_ws` on an ephemeral port; cancelled (the host stopped) on exit."""
    await host.start()
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_ws(host, bind, 0, ready=ready, **options))
    port = await ready
    try:
        yield port
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


def http_get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """A raw GET (http.client sends the path as given: no normalisation of "..")."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        reply = conn.getresponse()
        return reply.status, dict(reply.getheaders()), reply.read()
    finally:
        conn.close()


def test_a_whole_game_over_websocket_against_the_hosts_agent() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            assert (await client.hello())["protocol"] == 1
            created = await client.create("premium", VANILLA, seed=6,
                                          seats={"B": "agent:greedy"})
            game = created["game"]
            assert list(created["tokens"]) == ["A"]
            joined = await client.join(game, "A", created["tokens"]["A"])
            over = await play_to_the_end(client, game, {"A": "human"}, joined.get("decision"))
            assert over["result"] in ("A", "B", "draw")
            kept = (await client.get(game, "replay"))["replay"]
            assert kept["answers"] == over["replay"]["answers"]
            assert len(kept["hashes"]) == len(kept["answers"])
            await client.close()

    asyncio.run(run())


def test_each_reply_names_its_request() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            assert (await client.request({"type": "ping"}))["re"] == 1
            assert (await client.request({"type": "ping", "id": "two"}))["re"] == "two"
            with pytest.raises(HostRequestError) as refused:
                await client.join("no-such-game", "A", "token")
            assert refused.value.code == "unknown_game"
            await client.close()

    asyncio.run(run())


def test_closing_the_socket_closes_the_connection_and_cancelling_stops_the_host() -> None:
    """The host hears of a closed socket (a spectator is told the seat left) and keeps the
    game for the seat's return; stopping the server stops the host with the game stored."""
    host = real_host()

    async def run() -> None:
        async with serving(host) as port:
            player = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            created = await player.create("premium", VANILLA, seed=7,
                                          seats={"B": "agent:greedy"})
            await player.join(created["game"], "A", created["tokens"]["A"])
            watcher = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            await watcher.spectate(created["game"])
            await player.close()
            presence = await watcher.next("presence")
            assert (presence["seat"], presence["connected"]) == ("A", False)
            assert created["game"] in host.rooms and len(host.connections) == 1

    asyncio.run(run())
    assert host.rooms == {} and host.connections == set()
    assert [r.status for r in host.store.unfinished()] == ["live"]


def test_a_binary_frame_is_refused_and_the_connection_stays() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            await client.link.send_bytes(b'{"v": 1, "type": "ping"}')  # type: ignore[attr-defined]
            refused = await client.next()
            assert (refused["type"], refused["code"]) == ("error", "bad_message")
            assert "text frame" in refused["message"]
            assert (await client.ping())["type"] == "pong"
            await client.close()

    asyncio.run(run())


def test_a_frame_over_the_limit_closes_the_connection_with_1009() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            await client.send_text(json.dumps({"v": 1, "type": "ping",
                                               "pad": "x" * MAX_MESSAGE}))
            with pytest.raises(HostClosed) as closed:
                await client.next()
            assert closed.value.code == 1009
            # the host goes on serving others
            other = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            assert (await other.ping())["type"] == "pong"
            await other.close()

    asyncio.run(run())


def test_a_client_that_does_not_read_is_closed_as_too_slow(
        caplog: pytest.LogCaptureFixture) -> None:
    """Messages go straight to the socket while it keeps up. A client that stops reading fills
    the kernel's buffers, then the transport's (websockets pauses writing past its limit), then
    the connection's queue — and is closed as too slow; the host serves the others on."""
    caplog.set_level(logging.WARNING, logger="vgcore.host.ws")

    async def host_gave_up() -> None:
        """Until the host says it closes the stalled client (it reads that client's frames
        a few at a time, between the other connections' turns)."""
        while not any("unread; closing it" in r.getMessage() for r in caplog.records):
            await asyncio.sleep(0.01)

    async def run() -> None:
        async with serving(real_host(), outbound_limit=8, send_buffer=4096,
                           compression=None) as port:
            owner = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            created = await owner.create("premium", VANILLA, seed=8)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", port))
            sock.setblocking(False)
            # max_queue=1: the library stops reading the socket once one message is unread
            async with connect(f"ws://127.0.0.1:{port}/", sock=sock, max_queue=1) as stalled:
                await stalled.send(json.dumps({"v": 1, "type": "spectate",
                                               "game": created["game"]}))
                get_view = json.dumps({"v": 1, "type": "get", "game": created["game"],
                                       "what": "view"})
                for _ in range(400):  # ~1 MB of views, far more than every buffer holds
                    await stalled.send(get_view)
                await asyncio.wait_for(host_gave_up(), 10)
                received = 0
                with pytest.raises(ConnectionClosed) as closed:
                    while True:  # reading again drains what was written, then the close
                        await asyncio.wait_for(stalled.recv(), 10)
                        received += 1
            assert closed.value.rcvd is not None
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "too slow")
            assert 8 < received < 400  # some went out before it stalled; the rest never did
            assert (await owner.ping())["type"] == "pong"  # others are not affected
            await owner.close()

    asyncio.run(run())


def test_a_client_that_reads_is_never_too_slow_whatever_the_queue() -> None:
    """With room for one queued message, a reading client still plays a whole game: the
    host's bursts (joined + decision, event + view + decision…) are written straight to the
    socket while it keeps up, so the queue only holds what a stalled socket cannot take."""

    async def run() -> None:
        async with serving(real_host(), outbound_limit=1) as port:
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            created = await client.create("premium", VANILLA, seed=8,
                                          seats={"B": "agent:greedy"})
            game, token = created["game"], created["tokens"]["A"]
            joined = await client.join(game, "A", token)
            over = await play_to_the_end(client, game, {"A": token}, joined.get("decision"))
            assert over["type"] == "game_over"
            await client.close()

    asyncio.run(run())


def test_a_resume_from_the_start_gets_every_event_in_one_burst() -> None:
    """A resume sends the events missed all at once; the connection's queue holds them."""

    async def run() -> None:
        async with serving(real_host()) as port:
            first = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            created = await first.create("premium", VANILLA, seed=9,
                                         seats={"B": "agent:greedy"})
            game, token = created["game"], created["tokens"]["A"]
            decision = (await first.join(game, "A", token))["decision"]
            for _ in range(60):  # the first answer each time keeps the game going
                if decision is None:
                    decision = (await first.next("decision"))["decision"]
                await first.answer(game, decision["id"], decision["options"][0])
                decision = None
            again = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            await again.send({"v": 1, "type": "resume", "game": game, "seat": "A",
                              "token": token, "after": 0, "id": "r"})
            seqs = []
            while (msg := await again.next())["type"] == "event":
                seqs.append(msg["seq"])
            assert (msg["type"], msg["re"]) == ("joined", "r")
            assert seqs == list(range(1, msg["seq"] + 1)) and len(seqs) > 100
            await again.close()

    asyncio.run(run())
    # the longest burst a resume may send (more events behind get a fresh view instead)
    assert OUTBOUND_LIMIT > MAX_RESUME_EVENTS + 10


# -- Origin ------------------------------------------------------------------------------


async def handshake_status(port: int, origin: str | None) -> int:
    """101 when the WebSocket opens, else the HTTP status of the refusal."""
    try:
        async with connect(f"ws://127.0.0.1:{port}/", origin=origin):  # type: ignore[arg-type]
            return 101
    except InvalidStatus as exc:
        return exc.response.status_code


def test_bound_to_all_interfaces_only_listed_origins_are_accepted() -> None:
    async def run() -> None:
        async with serving(real_host(), "0.0.0.0",
                           allow_origins=["https://vg.example"]) as port:
            assert await handshake_status(port, "https://evil.example") == 403
            assert await handshake_status(port, "http://localhost:8000") == 403
            assert await handshake_status(port, "https://vg.example") == 101
            assert await handshake_status(port, None) == 101  # a program, not a page

    asyncio.run(run())


def test_on_loopback_pages_from_loopback_are_accepted_and_others_refused() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            assert await handshake_status(port, "http://localhost:5173") == 101
            assert await handshake_status(port, "http://127.0.0.1:8000") == 101
            assert await handshake_status(port, "http://localhost") == 101
            assert await handshake_status(port, None) == 101
            assert await handshake_status(port, "https://evil.example") == 403
            assert await handshake_status(port, "http://localhost.evil.example") == 403
            assert await handshake_status(port, "null") == 403

    asyncio.run(run())


# -- plain HTTP on the same port ---------------------------------------------------------


def test_http_get_on_the_websocket_port_serves_the_default_pages() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            index = await asyncio.to_thread(
                lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read())
            assert b"connect a WebSocket" in index
            status, _, body = await asyncio.to_thread(http_get, port, "/healthz")
            assert (status, body) == (200, b"ok\n")
            status, _, _ = await asyncio.to_thread(http_get, port, "/nothing-here")
            assert status == 404
            # the WebSocket still opens on the same port
            client = await AsyncClient.connect(f"ws://127.0.0.1:{port}/", validate=True)
            assert (await client.request({"type": "ping"}))["type"] == "pong"
            await client.close()

    asyncio.run(run())


def test_a_mounted_static_directory_is_served_without_leaving_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "js").mkdir(parents=True)
    (site / "index.html").write_text("<h1>vg</h1>")
    (site / "js" / "app.js").write_text("export {};")
    (tmp_path / "secret.txt").write_text("do not serve")
    routes = HttpRoutes.default()
    routes.add("/", static_dir(site))

    async def run() -> None:
        async with serving(real_host(), http=routes) as port:
            def get(path: str) -> tuple[int, dict[str, str], bytes]:
                return http_get(port, path)

            status, headers, body = await asyncio.to_thread(get, "/")
            assert (status, headers["Content-Type"], body) == (
                200, "text/html; charset=utf-8", b"<h1>vg</h1>")
            status, headers, _ = await asyncio.to_thread(get, "/js/app.js?v=1")
            assert (status, headers["Content-Type"]) == (200, "text/javascript; charset=utf-8")
            for path in ("/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt",
                         "/js/%2E%2E/%2E%2E/secret.txt", "/..%5csecret.txt"):
                status, _, body = await asyncio.to_thread(get, path)
                assert status == 404 and b"do not serve" not in body, path
            assert (await asyncio.to_thread(get, "/healthz"))[0] == 200

    asyncio.run(run())


def test_a_websocket_closed_by_the_server_on_shutdown_goes_away_with_1001() -> None:
    host = real_host()

    async def run() -> None:
        await host.start()
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve_ws(host, "127.0.0.1", 0, ready=ready))
        async with connect(f"ws://127.0.0.1:{await ready}/") as ws:
            task.cancel()
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    assert host.connections == set()


# -- the router alone --------------------------------------------------------------------


def test_the_longest_prefix_answers_and_only_below_it() -> None:
    routes = HttpRoutes.default()
    routes.add("/static", lambda rest: (200, {}, rest.encode()))
    assert routes.respond("GET", "/static/a/b.css").body == b"/a/b.css"
    assert routes.respond("GET", "/static").body == b""
    assert routes.respond("GET", "/staticky").status == 404
    assert routes.respond("GET", "/healthz/x").status == 404


def test_only_get_is_served() -> None:
    reply = HttpRoutes.default().respond("POST", "/")
    assert (reply.status, reply.headers["Allow"]) == (405, "GET")


def test_hidden_files_and_unknown_types_in_a_static_directory(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("SECRET=1")
    (tmp_path / "blob.vgx").write_bytes(b"\0\1")
    (tmp_path / "mod.wasm").write_bytes(b"\0asm")
    serve = static_dir(tmp_path)
    assert serve("/.env") is None
    assert serve("/%ff") is None  # not UTF-8 once decoded
    assert serve("/nope.js") is None
    blob, wasm = serve("/blob.vgx"), serve("/mod.wasm")
    assert blob is not None and blob.headers["Content-Type"] == "application/octet-stream"
    assert wasm is not None and wasm.headers["Content-Type"] == "application/wasm"


def test_a_symlink_out_of_a_static_directory_is_not_followed(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "outside.txt").write_text("outside")
    (tmp_path / "site" / "link.txt").symlink_to(tmp_path / "outside.txt")
    assert static_dir(tmp_path / "site")("/link.txt") is None


def test_urllib_sees_404_as_an_error_status() -> None:
    async def run() -> None:
        async with serving(real_host()) as port:
            def fetch() -> int:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/missing", timeout=10)
                except urllib.error.HTTPError as exc:
                    return exc.code
                return 200

            assert await asyncio.to_thread(fetch) == 404

    asyncio.run(run())


def test_compression_is_negotiated_only_when_the_host_allows_it() -> None:
    """Deflate by default with a client that offers it; none with compression=None (serve
    --compression none): the client's offer is declined and it is served all the same."""
    from websockets.asyncio.client import connect

    async def agreed(port: int) -> str | None:
        async with connect(f"ws://127.0.0.1:{port}/", compression="deflate") as ws:
            await ws.send('{"v": 1, "type": "ping", "id": 1}')
            assert '"pong"' in await ws.recv()
            return ws.response.headers.get("Sec-WebSocket-Extensions")

    async def run() -> None:
        async with serving(real_host()) as port:
            deflate = await agreed(port)
            assert deflate is not None and deflate.startswith("permessage-deflate")
        async with serving(real_host(), compression=None) as port:
            assert await agreed(port) is None

    asyncio.run(run())
