"""`vgcore serve` (the host over stdio or WebSocket) and `vgcore agent` (a bot seat that plays
over the wire). cli.py adds both to the `vgcore` group; the host's modules are imported only
when a command runs, so `vgcore --help` stays fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from vgcore.agents import AGENTS, is_agent

if TYPE_CHECKING:
    from vgcore.host.service import Host
    from vgcore.host.shards import ShardStores
    from vgcore.host.store import Store

log = logging.getLogger("vgcore.host")

DEFAULT_HOST = "127.0.0.1"


@click.command()
@click.option("--stdio", is_flag=True,
              help="JSON Lines on stdin/stdout for a parent process (logs on stderr).")
@click.option("--ws", "ws_address", metavar="[HOST:]PORT",
              help=f"WebSocket, and plain HTTP GET, on HOST:PORT (HOST defaults to "
                   f"{DEFAULT_HOST}; port 0 picks a free one, logged on stderr).")
@click.option("--db", default=None, metavar="PATH",
              help="SQLite file of the host's games (default: host.sqlite3 in the user's data "
                   "directory); ':memory:' keeps nothing.")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="ORIGIN",
              help="A web page origin (scheme://host[:port]) allowed to open a WebSocket; "
                   "repeatable. Needed for browser clients when bound beyond loopback.")
@click.option("--snapshot-every", type=click.IntRange(min=0), default=None,
              help="Journal entries between snapshots of a game (0: never).  [default: 250]")
@click.option("--reconnect-window", type=click.FloatRange(min=0), default=None,
              metavar="SECONDS",
              help="How long a disconnected seat may take to come back before its game's "
                   "disconnect policy applies (0: forever).  [default: 120]")
@click.option("--join-window", type=click.FloatRange(min=0), default=None,
              metavar="SECONDS",
              help="How long a new game's seats may take to join before a seat nobody took "
                   "forfeits (0: forever).  [default: 600]")
@click.option("--compression", type=click.Choice(["deflate", "none"]), default="deflate",
              show_default=True,
              help="--ws: permessage-deflate with clients that offer it, or plain frames (less "
                   "CPU and memory: loopback and LAN frontends).")
@click.option("--cards", "card_dirs", multiple=True,
              type=click.Path(exists=True, file_okay=False),
              help="Extra card directory (cards.yaml, scripts, decks/); repeatable.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="--ws: processes that play the games (each game in one of them), behind "
                   "one that holds the connections; more than 1 uses more cores (router.py).")
@click.option("--worker", "shard", default=None, hidden=True, metavar="K/N",
              help="Internal: serve as worker K of N to a router on stdin/stdout.")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["debug", "info", "warning", "error"]))
def serve(stdio: bool, ws_address: str | None, db: str | None, allow_origins: tuple[str, ...],
          snapshot_every: int | None, reconnect_window: float | None,
          join_window: float | None, compression: str, card_dirs: tuple[str, ...],
          workers: int, shard: str | None, log_level: str) -> None:
    """Run the headless rules host (docs/host-protocol.md).

    Unfinished games in the database are resumed at start. SIGTERM or SIGINT stop the host
    cleanly; so does the end of stdin with --stdio. Nothing acknowledged is lost even when
    the host is killed: it is journaled before it is acknowledged.
    """
    if shard is not None:
        serve_shard(shard, db, card_dirs, snapshot_every, reconnect_window, join_window,
                    log_level)
        return
    if stdio == (ws_address is not None):
        raise click.UsageError("give one of --stdio or --ws [HOST:]PORT")
    if stdio and workers > 1:
        raise click.UsageError("--workers is for --ws (a stdio host has one client)")
    if workers > 1 and os.name != "posix":
        raise click.UsageError("--workers needs a POSIX system (its workers inherit the "
                               "database's lock)")
    if workers > 1 and db == MEMORY_DB:
        raise click.UsageError("--workers shares the games' database between processes: "
                               "give a file, not ':memory:'")
    address = parse_address(ws_address) if ws_address is not None else None
    setup_logging(log_level)
    if workers > 1:
        assert address is not None
        serve_sharded(address, workers, db, allow_origins, compression, card_dirs,
                      shard_options(card_dirs, snapshot_every, reconnect_window, join_window,
                                    log_level))
        return
    host = build_host(db, card_dirs, snapshot_every, reconnect_window, join_window)
    try:
        if address is None:
            from vgcore.host.stdio import serve_stdio

            run_until_signal(host, lambda: serve_stdio(host))
            return
        from vgcore.host.webclient import web_routes
        from vgcore.host.ws import serve_ws

        routes = web_routes(host.registry)
        try:
            deflate = None if compression == "none" else compression
            run_until_signal(host, lambda: serve_ws(host, *address, allow_origins=allow_origins,
                                                    http=routes, compression=deflate))
        except OSError as exc:  # the port is taken, the address is not this machine's, …
            click.echo(f"error: cannot listen on {ws_address}: {exc.strerror or exc}", err=True)
            sys.exit(2)
    finally:
        host.store.close()


MEMORY_DB = ":memory:"
HELD_WAIT = 3.0  # seconds a sharded host waits for files a killed one's workers still hold
T = TypeVar("T")


def setup_logging(log_level: str, name: str = "") -> None:
    logging.basicConfig(stream=sys.stderr, level=log_level.upper(),
                        format=f"%(asctime)s %(levelname)s %(name)s{name}: %(message)s")
    if log_level != "debug":  # websockets logs every connection at INFO
        logging.getLogger("websockets").setLevel(logging.WARNING)


def shard_options(card_dirs: tuple[str, ...], snapshot_every: int | None,
                  reconnect_window: float | None, join_window: float | None,
                  log_level: str) -> list[str]:
    """The options a router passes on to its workers: everything about the games."""
    options = [*itertools.chain.from_iterable(("--cards", d) for d in card_dirs),
               "--log-level", log_level]
    for flag, value in (("--snapshot-every", snapshot_every),
                        ("--reconnect-window", reconnect_window),
                        ("--join-window", join_window)):
        if value is not None:
            options += [flag, str(value)]
    return options


def serve_shard(shard: str, db: str | None, card_dirs: tuple[str, ...],
                snapshot_every: int | None, reconnect_window: float | None,
                join_window: float | None, log_level: str) -> None:
    """`serve --worker K/N`: one worker of a sharded host, started by its router."""
    from vgcore.host.worker import die_with_router, serve_worker

    die_with_router()
    index_text, _, count_text = shard.partition("/")
    index, count = int(index_text), int(count_text)
    setup_logging(log_level, f"[worker {index}]")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal's ^C is the router's to act on
    host = build_host(db, card_dirs, snapshot_every, reconnect_window, join_window,
                      shard=(index, count))
    try:
        run_until_signal(host, lambda: serve_worker(host))
    finally:
        host.store.close()


def serve_sharded(address: tuple[str, int], workers: int, db: str | None,
                  allow_origins: tuple[str, ...], compression: str,
                  card_dirs: tuple[str, ...], options: list[str]) -> None:
    """`serve --ws … --workers N`: the router in this process, N workers behind it."""
    from vgcore.host.router import Router, worker_argv
    from vgcore.host.store import StoreError, default_db_path
    from vgcore.host.webclient import web_routes
    from vgcore.host.ws import serve_ws
    from vgcore.plugins import Registry

    path = str(db if db is not None else default_db_path())
    try:
        held = hold_database(path)
    except StoreError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    log.info("games are kept in %s and its shards (%d workers)", path, workers)
    router = Router(lambda index: worker_argv(index, workers, path, options), workers,
                    held=held)
    routes = web_routes(lambda: Registry(card_dirs=card_dirs))
    deflate = None if compression == "none" else compression

    async def main() -> None:
        from vgcore.host import trace

        traced = trace.start_from_env()  # the router's own loop; each worker traces itself
        if traced is not None:
            traced.probe()
        await router.start()
        serving = asyncio.create_task(serve_ws(router, *address, allow_origins=allow_origins,
                                               http=routes, compression=deflate))
        cancel_on_signals(serving)
        assert router.failed is not None
        either: list[asyncio.Future[Any]] = [serving, router.failed]
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if router.failed.done():
            log.critical("stopping: %s", router.failed.result())
            serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        if router.failed.done():
            sys.exit(1)

    try:
        asyncio.run(main())
    except OSError as exc:
        click.echo(f"error: cannot listen on {address[0]}:{address[1]}: "
                   f"{exc.strerror or exc}", err=True)
        sys.exit(2)
    finally:
        from vgcore.host import trace

        trace.finish()


def parse_address(text: str) -> tuple[str, int]:
    """`[HOST:]PORT`, HOST possibly a bracketed IPv6 address (`[::1]:8765`)."""
    host, sep, port = text.rpartition(":")
    host = host.strip("[]") if sep else ""
    try:
        number = int(port)
    except ValueError:
        raise click.BadParameter(f"expected [HOST:]PORT, got {text!r}",
                                 param_hint="--ws") from None
    if not 0 <= number <= 65535:
        raise click.BadParameter(f"port {number} is not 0–65535", param_hint="--ws")
    return host or DEFAULT_HOST, number


def build_host(db: str | None, card_dirs: tuple[str, ...], snapshot_every: int | None,
               reconnect_window: float | None, join_window: float | None = None, *,
               shard: tuple[int, int] = (0, 1)) -> Host:
    """The host over its store; a database that cannot be used is a one-line error, exit 2."""
    from vgcore.host.service import Host, HostConfig
    from vgcore.host.store import StoreError, default_db_path
    from vgcore.plugins import Registry

    registry = Registry(card_dirs=card_dirs)
    for message in registry.plugin_errors:
        log.error("plugin: %s", message)
    path = db if db is not None else default_db_path()
    try:
        store = open_store(str(path), shard)
    except StoreError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if shard[1] == 1:
        log.info("games are kept in %s", path)
    config = HostConfig(shard=shard)
    if snapshot_every is not None:
        config.snapshot_every = snapshot_every
    if reconnect_window is not None:
        config.reconnect_window_ms = round(reconnect_window * 1000)
    if join_window is not None:
        config.join_window_ms = round(join_window * 1000)
    return Host(registry, store, config)


def open_store(path: str, shard: tuple[int, int]) -> Store | ShardStores:
    """The store of a host that is worker `index` of `count` (shards.py): one file, or the
    shards it plays (the database itself under the lock its router holds)."""
    from vgcore.host.router import HELD_ENV
    from vgcore.host.shards import ShardStores, existing_shards
    from vgcore.host.store import MEMORY, Store

    index, count = shard
    found = [0] if path == MEMORY else existing_shards(path)
    if count == 1 and found == [0]:
        return Store(path)
    played = [s for s in found if s % count == index]
    held = os.environ.get(HELD_ENV)
    return waiting_for_files(lambda: ShardStores(
        path, played, home=index, held=int(held) if held and count > 1 else None))


def hold_database(path: str) -> int:
    """`vgcore serve --workers N`: check (or make) the database, then hold its lock for the
    host's whole life: a descriptor the workers inherit, so the file stays held until the
    last of them is gone, and a restarted host waits for a killed one's workers."""
    from vgcore.host.store import Store, lock_file

    def check_and_lock() -> int:
        Store(path).close()
        return lock_file(path)

    return waiting_for_files(check_and_lock)


def waiting_for_files(opening: Callable[[], T]) -> T:
    """`opening()`, tried again for up to HELD_WAIT seconds while a file is in use: a
    killed host's workers die with it, but not in the same instant."""
    from vgcore.host.store import IN_USE, StoreError

    deadline = time.monotonic() + HELD_WAIT
    while True:
        try:
            return opening()
        except StoreError as exc:
            if IN_USE not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def cancel_on_signals(task: asyncio.Task[Any]) -> None:
    """SIGTERM or SIGINT cancel `task` (the serving), so the host stops cleanly."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            loop.add_signal_handler(signum, task.cancel)


def run_until_signal(host: Host, serving: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Start the host, then serve until the transport ends or SIGTERM/SIGINT arrives."""

    async def main() -> None:
        from vgcore.host import collector, trace

        # What exists once the engine is warm lives as long as the process (modules, the
        # registry and its card data and scripts, engines): frozen, out of the collector's
        # way; from then on what survives into the oldest generation is frozen too, so a
        # full collection, which stops every game while it runs, scans only what is new
        # (collector.py).
        collector.warm_up(host.registry)
        collector.settle()
        full = collector.QuietCollections()
        full.start()
        traced = trace.start_from_env()
        if traced is not None:
            traced.probe()
        await host.start()
        task = asyncio.create_task(serving())
        cancel_on_signals(task)
        with contextlib.suppress(asyncio.CancelledError):
            await task
        full.stop()

    try:
        asyncio.run(main())
    finally:
        from vgcore.host import trace

        trace.finish()


# -- a bot seat ----------------------------------------------------------------------------


@click.command()
@click.option("--connect", "url", required=True, metavar="URL",
              help="The host's WebSocket URL (ws://127.0.0.1:8765/).")
@click.option("--game", required=True, help="The game id (from `created`).")
@click.option("--seat", required=True, help="The seat to play.")
@click.option("--token", required=True, help="The seat's token (from `created`).")
@click.option("--agent", "agent_name", default="greedy", show_default=True,
              help="The host's agent that picks each answer (its `hint`): " +
                   ", ".join(sorted(AGENTS)) + ".")
def agent(url: str, game: str, seat: str, token: str, agent_name: str) -> None:
    """Play one seat of a game on a host with an agent, to the end; print the result.

    The seat is played from outside like any client's: each answer is the named agent's
    pick, asked of the host (`hint`), which lets the agent read what this seat may know.
    """
    from websockets.exceptions import WebSocketException

    from vgcore.host.client import HostRequestError

    if not is_agent(agent_name):
        raise click.BadParameter(f"no agent {agent_name!r}; agents: "
                                 + ", ".join(sorted(AGENTS)), param_hint="--agent")
    try:
        over = asyncio.run(play_seat(url, game, seat, token, agent_name))
    except HostRequestError as exc:
        click.echo(f"error: the host refused: {exc}", err=True)
        sys.exit(1)
    except (OSError, WebSocketException) as exc:  # HostClosed is a ConnectionError
        click.echo(f"error: {url}: {exc}", err=True)
        sys.exit(1)
    reason = f" ({over['reason']})" if over.get("reason") else ""
    click.echo(f"game {game}: {over['result']}{reason}")


async def play_seat(url: str, game: str, seat: str, token: str,
                    agent_name: str) -> dict[str, Any]:
    """Join `seat` and answer each of its decisions with the agent's pick until
    `game_over`, which is returned."""
    from vgcore.host.client import AsyncClient, HostRequestError

    client = await AsyncClient.connect(url)
    try:
        joined = await client.join(game, seat, token)
        decision = joined.get("decision")
        while True:
            if decision is not None and decision["seat"] == seat:
                try:
                    hint = await client.hint(game, agent_name)
                    await client.answer(game, hint["decision"], hint["action"])
                except HostRequestError as exc:
                    # the seat's clock answered first: the next decision is on its way
                    if exc.code not in ("stale_decision", "not_your_decision"):
                        raise
            msg = await client.next(("decision", "game_over"), timeout=None)
            if msg["type"] == "game_over":
                return msg
            decision = msg["decision"]
    finally:
        await client.close()


# -- the terminal game as a client -------------------------------------------------------


def play_connected(url: str, format_id: str, decks: tuple[str, ...], seat: str | None,
                   agent_name: str, seed: int, *, game: str | None = None,
                   token: str | None = None, save_path: str | None = None,
                   card_dirs: tuple[str, ...] = (), read_line: Callable[[str], str] = input,
                   echo: Callable[[str], None] = click.echo) -> int:
    """`vgcore play --connect URL`: the terminal game with the host holding the game.

    Without `game`, a game is created on the host with its agent in the other seats; `decks`
    are (the person's team's deck, the agents' deck) by the names the host has installed
    (none: its defaults). With `game` and `token` the seat is joined again, after a quit or a
    lost connection. The screen is the terminal's, drawn from the views and events the host
    sends; the local card database only names the cards. At the end `save_path` gets the
    host's replay (`vgcore replay --verify` checks it). Returns the exit code: 0, or 130
    after Ctrl-C.
    """
    from vgcore.host.client import Client, HostClosed, HostRequestError
    from vgcore.plugins import Registry

    registry = Registry(card_dirs=card_dirs)
    layout = registry.engine(format_id).seat_layout
    seat = seat or layout.seats[0]
    if seat not in layout.seats:
        raise click.BadParameter(f"{seat!r} is no seat of format {format_id!r}; seats: "
                                 + ", ".join(layout.seats), param_hint="--seat")
    with Client.connect(url) as client:
        if game is None:
            others = {s: f"agent:{agent_name}" for s in layout.seats if s != seat}
            named = None
            if decks:
                mine, theirs = decks
                named = {s: mine if layout.teams[s] == layout.teams[seat] else theirs
                         for s in layout.seats}
            created = client.create(format_id, named, seed=seed, seats=others)
            game, token = created["game"], created["tokens"][seat]
        if token is None:
            raise click.BadParameter("joining a game needs its --token", param_hint="--token")
        try:
            table = RemoteTable(registry, format_id, seat, game, token)
            code = table.run(client, read_line, echo)
            if save_path is not None and table.over_at is not None:
                replay = client.get(game, "replay")["replay"]
                Path(save_path).write_text(json.dumps(replay, indent=1) + "\n")
                echo(f"replay saved to {save_path} ({len(replay['answers'])} answers)")
            return code
        except HostRequestError as exc:
            echo(f"error: the host refused: {exc}")
            return 1
        except HostClosed as exc:
            echo(f"error: {exc}; come back with --game {game} --seat {seat} --token {token}")
            return 1


class RemoteTable:
    """One seat of a game on a host, at the terminal (terminal.py's screen and replies)."""

    def __init__(self, registry: Any, format_id: str, seat: str, game: str,
                 token: str) -> None:
        import shutil

        from vgcore.screen import WIDTH, Table, screen_width

        engine = registry.engine(format_id)
        teams = engine.seat_layout.teams
        roles = {s: "you" if s == seat else "teammate" if teams[s] == teams[seat]
                 else "opponent" for s in engine.seat_layout.seats}
        width = screen_width(shutil.get_terminal_size((WIDTH, 40)).columns)
        self.table = Table(seat, roles, engine.db, width)
        self.format_id, self.seat, self.game, self.token = format_id, seat, game, token
        self.team = teams[seat]
        self.events: list[dict[str, Any]] = []
        self.told = 0
        self.over_at: dict[str, Any] | None = None  # the game_over message, at the end
        self.last_board: list[str] = []

    def run(self, client: Any, read_line: Callable[[str], str],
            echo: Callable[[str], None]) -> int:
        from vgcore.terminal import Quit

        joined = client.join(self.game, self.seat, self.token)
        view: dict[str, Any] = joined["view"]
        self.events = list(view.pop("log", []))
        decision = joined.get("decision")
        echo(f"You play {self.seat} in {self.format_id} (game {self.game} on the host).")
        echo("Type 'help' at any question.")
        try:
            while True:
                if decision is not None and decision["seat"] == self.seat:
                    self.tell_news(echo)
                    self.answer(client, {**view, "decision": decision}, read_line, echo)
                    decision = None
                msg = client.next(timeout=None)
                kind = msg["type"]
                if kind == "event":
                    self.events.append(msg["event"])
                elif kind == "view":
                    view = msg["view"]
                elif kind == "decision":
                    decision = msg["decision"]
                elif kind == "game_over":
                    return self.over(msg, echo)
        except Quit as stop:
            echo(f"\n{stop.why}")
            echo(f"The game goes on on the host: come back with --game {self.game} --seat "
                 f"{self.seat} --token {self.token}")
            return stop.code

    def answer(self, client: Any, view: dict[str, Any], read_line: Callable[[str], str],
               echo: Callable[[str], None]) -> None:
        """Ask until the host accepts an answer (the terminal's prompt, commands and hints)."""
        from vgcore.host.client import HostRequestError
        from vgcore.screen import render_board, render_decision
        from vgcore.terminal import PROMPT, Quit, help_lines, read_reply

        board = render_board(view, self.table)
        if board != self.last_board:
            echo("\n" + "\n".join(board))
            self.last_board = board
        question = render_decision(view, self.table)
        echo("\n".join(question))
        options = view["decision"]["options"]
        while True:
            try:
                raw = read_line(PROMPT)
            except EOFError:
                raise Quit(0, "End of input: leaving the game.") from None
            except KeyboardInterrupt:
                raise Quit(130, "Interrupted: leaving the game.") from None
            reply = read_reply(raw, options, lambda text: canonical(text) in options)
            if reply.answer is not None:
                try:
                    client.answer(self.game, view["decision"]["id"], canonical(reply.answer))
                    return
                except HostRequestError as exc:
                    echo(exc.message)
                    continue
            if reply.command == "quit":
                raise Quit(0, "Leaving the game.")
            if reply.command == "help":
                echo("\n".join(help_lines(options)))
            elif reply.command == "board":
                echo("\n".join([*board, *question]))
            elif reply.command == "options":
                echo("\n".join(question))
            else:
                echo(reply.message or "")

    def tell_news(self, echo: Callable[[str], None]) -> None:
        from vgcore.narration import narrate
        from vgcore.screen import wrap

        for line in narrate(self.events[self.told:], self.table):
            for part in wrap("  " + line, self.table.width, indent="      "):
                echo(part)
        self.told = len(self.events)

    def over(self, msg: dict[str, Any], echo: Callable[[str], None]) -> int:
        self.over_at = msg
        self.tell_news(echo)
        result = msg["result"]  # the winning team, or "draw"
        outcome = ("You win!" if result == self.team else
                   "Draw." if result == "draw" else "You lose.")
        reason = f" ({msg['reason']})" if msg.get("reason") else ""
        echo(f"\nGame over{reason}. {outcome}")
        return 0


def canonical(text: str) -> str:
    """An answer in its canonical spelling (`attack VC->B.VC` as `attack VC -> B.VC`), or
    the text itself when it does not parse."""
    from vgcore.decisions import parse
    from vgcore.errors import ActionSyntaxError

    try:
        return str(parse(text))
    except ActionSyntaxError:
        return text
