"""The host: the protocol's one implementation, whatever moves the lines.

A transport (stdio.py, ws.py) calls `Host.connect` once per client with a `send` function
and feeds each message it reads to `Connection.receive`; everything else — validation,
tokens, games, journaling, who may see what — happens here and in room.py. The host runs
on one asyncio loop: engine work is synchronous and short (one answer at a time), and the
agents of each game yield between their answers, so many games share the loop fairly.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from vgcore.agents import AGENTS, is_agent
from vgcore.errors import DeckError, VgError
from vgcore.game import Game
from vgcore.host import protocol as p
from vgcore.host import shards, trace
from vgcore.host.room import (
    AGENT_PREFIX,
    HUMAN,
    Room,
    Watch,
    decision_info,
    with_hashes,
)
from vgcore.host.shards import ShardStores
from vgcore.host.store import GameRecord, JournalEntry, Store
from vgcore.host.tokens import new_token, token_hash, token_matches
from vgcore.plugins import Registry
from vgcore.replay import deck_from_json, deck_to_json

log = logging.getLogger("vgcore.host")

PASTS_KEPT = 8  # finished games whose replayed states are kept for `get view at`
FINALS_KEPT = 8  # finished games whose final `Game` is kept, for late views and joins


@dataclass(slots=True)
class HostConfig:
    # Journal entries between snapshots (0: never). A snapshot holds the game's whole event
    # log, so loading one costs about what replaying the answers it skips does (~10-15 µs an
    # answer either way, docs/performance.md session 28): they bound the replay of long
    # games, and taken every 50 entries they were ~5 % of a busy host's CPU for nothing.
    snapshot_every: int = 250
    reconnect_window_ms: int = 120_000  # a seat gone this long forfeits (0: wait forever)
    join_window_ms: int = 600_000  # a new game's human seats join within this (0: forever)
    finished_kept: int = 256  # finished games kept in memory for late joins and retries
    max_games: int = 10_000  # live games at once
    max_games_per_connection: int = 32  # games one untrusted connection may watch or play
    # (index, count): this host is worker `index` of `count` behind a router (router.py):
    # it plays the games of the shards s with s % count == index and makes its new games in
    # shard `index` (shards.py)
    shard: tuple[int, int] = (0, 1)


class Host:
    def __init__(self, registry: Registry, store: Store | ShardStores,
                 config: HostConfig | None = None):
        self.registry = registry
        self.store = store
        self.config = config or HostConfig()
        self.rooms: dict[str, Room] = {}  # live games
        self.finished: OrderedDict[str, Room] = OrderedDict()  # recently finished, newest last
        self.connections: set[Connection] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.waiting: dict[str, GameRecord] = {}  # unfinished games not yet rebuilt
        self.resumed: asyncio.Future[int] | None = None  # done when every game is back
        # The loop the host runs in, kept: asking asyncio for it costs a getpid() each time.
        self._loop: asyncio.AbstractEventLoop | None = None
        # game id -> answers played -> that game's state, for `get view at` (newest last)
        self.pasts: OrderedDict[str, dict[int, Game]] = OrderedDict()
        # game id -> a finished game's final state, for the last few asked about or ended
        # (the rooms in `finished` keep no `Game`: see `closed`)
        self.finals: OrderedDict[str, Game] = OrderedDict()

    # -- life cycle ------------------------------------------------------------------------

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The running loop, as `start` saw it (asked once if the host was not started)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    async def start(self) -> None:
        """Open the store's unfinished games again, each to the state it had acknowledged.

        The host serves at once: the games are rebuilt in the background, oldest first,
        yielding between games, and a game somebody asks for before its turn is rebuilt
        there and then (`room`). `resumed` is done when every game is back."""
        self.waiting = {record.id: record for record in self.store.unfinished()
                        if self.owns(record.id)}
        self._loop = asyncio.get_running_loop()
        self.resumed = self._loop.create_future()
        self.spawn(self.resume_all(len(self.waiting)))

    async def resume_all(self, count: int) -> None:
        began = time.perf_counter()
        await asyncio.sleep(0)  # first let the transports start
        while self.waiting:
            game_id = next(iter(self.waiting))
            self.wake(game_id)
            await asyncio.sleep(0)
        index, workers = self.config.shard
        if count and workers == 1:
            log.info("resumed %d unfinished games in %.1f s", count,
                     time.perf_counter() - began)
        elif count:  # the router says "resumed" when every worker has (router.py)
            log.info("worker %d of %d: %d unfinished games playing again in %.1f s", index,
                     workers, count, time.perf_counter() - began)
        self.resumed.set_result(count)

    def wake(self, game_id: str) -> Room | None:
        """Rebuild an unfinished game of the store now, if it is still waiting to be."""
        record = self.waiting.pop(game_id, None)
        if record is None:
            return None
        try:
            return self.reopen(record)
        except VgError as exc:
            log.error("game %s cannot be resumed: %s", record.id, exc)
            return None

    def reopen(self, record: GameRecord) -> Room:
        """A live game of the store playing again, its seats waiting for their players."""
        room = self.restore(record)
        self.rooms[record.id] = room
        if room.game.result is not None:  # it ended but the host stopped before keeping it
            room.finish()
        else:
            room.await_seats()
            room.after_change()
        log.debug("resumed game %s at answer %d", record.id, len(room.answers))
        return room

    def restore(self, record: GameRecord) -> Room:
        """A game's room rebuilt from its latest snapshot and the journal after it."""
        game, entries = self.rebuild(record)
        room = Room(self, record, game, entries=len(entries))
        for entry in entries:
            if entry.decision is not None and entry.kind == "timeout":
                room.timed_out.add(entry.decision)
            elif entry.decision is not None:
                room.answered[entry.decision] = entry.seat
            if entry.kind in ("answer", "timeout"):
                room.answers.append(entry.action or "")
            if room.clock is not None and entry.clock_ms is not None:
                room.clock.remaining[entry.seat] = entry.clock_ms
        return room

    def rebuild(self, record: GameRecord) -> tuple[Game, list[JournalEntry]]:
        """A game as the store holds it: its latest snapshot played on with the journal
        after it; with the whole journal."""
        snapshot = self.store.latest_snapshot(record.id)
        if snapshot is not None:
            at, text = snapshot
            game = self.registry.load(text)
        else:
            at, game = 0, self.fresh_game(record)
        entries = self.store.journal(record.id)
        for entry in entries:
            if entry.n <= at:
                continue
            if entry.kind in ("answer", "timeout"):
                game.apply(entry.action or "")
            else:
                game.concede(entry.seat, entry.action or "concede")
        return game, entries

    def recover(self, broken: Room) -> None:
        """The store refused to journal a change: the room's game is ahead of the store, so
        it is replaced by the game the store holds, with the same watchers."""
        broken.close()
        room = self.restore(broken.record)
        room.watches = broken.watches
        room.joined_once = broken.joined_once
        self.rooms[room.id] = room
        if any(w.delayed for w in room.watches):
            room.ensure_lag()
        room.await_seats()
        room.after_change()

    async def stop(self) -> None:
        for room in self.rooms.values():
            room.close()
        self.rooms.clear()
        for task in list(self.tasks):
            task.cancel()

    def owns(self, game_id: str) -> bool:
        """Whether this host plays the game (always, unless it is one worker of several)."""
        index, count = self.config.shard
        return count == 1 or shards.shard_of(game_id) % count == index

    def new_game_id(self) -> str:
        """A fresh game id, in this host's own shard."""
        return shards.game_id_in(self.config.shard[0], secrets.token_urlsafe(9))

    def connect(self, send: Callable[[str], None], *, trusted: bool = False,
                peer: str = "") -> Connection:
        conn = Connection(self, send, trusted=trusted, peer=peer)
        self.connections.add(conn)
        return conn

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` on the loop, keeping a reference until it is done; its failure is
        logged (the requests it serves got their reply or nothing)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("host task failed", exc_info=task.exception())

    def known(self, game_id: str) -> Room | None:
        """The game's room if it is in memory, live or finished."""
        return self.rooms.get(game_id) or self.finished.get(game_id)

    def closed(self, room: Room) -> None:
        """A game ended: its room is kept a while for late joins, retries and spectators,
        but not its `Game` (the last `FINALS_KEPT` are): hundreds of finished games' states
        were most of what every full collection scanned, a pause for every live game."""
        self.rooms.pop(room.id, None)
        self.finished[room.id] = room
        while len(self.finished) > self.config.finished_kept:
            self.finished.popitem(last=False)
        game = room.release()
        if game is not None:
            self.keep_final(room.id, game)

    def keep_final(self, game_id: str, game: Game) -> None:
        """Keep a finished game's final state, newest last, the oldest let go."""
        self.finals.pop(game_id, None)
        self.finals[game_id] = game
        while len(self.finals) > FINALS_KEPT:
            self.finals.popitem(last=False)[1].drop_scripts()  # freed when dropped

    def final_game(self, room: Room) -> Game:
        """A released room's final state: kept, or rebuilt from the store (its latest
        snapshot and the journal after it, a concession included) and kept."""
        game = self.finals.pop(room.id, None)
        if game is None:
            game = self.rebuild(room.record)[0]
        self.keep_final(room.id, game)
        return game

    def fresh_game(self, record: GameRecord) -> Game:
        """The game as it starts, from the record's own deck lists (not names: a deck
        changed since does not change a game already begun)."""
        engine = self.registry.engine(record.format)
        decks = {seat: deck_from_json(d) for seat, d in record.decks.items()}
        return Game.new(engine, decks, record.seed,
                        first_player=record.config.get("first_player"))

    def past_states(self, game_id: str) -> dict[int, Game]:
        """The states kept of a finished game played again, by answers played; only the
        last `PASTS_KEPT` games asked about keep theirs, so memory stays bounded."""
        kept = self.pasts.pop(game_id, None)
        self.pasts[game_id] = kept = {} if kept is None else kept
        while len(self.pasts) > PASTS_KEPT:
            self.pasts.popitem(last=False)
        return kept

    # -- requests that need no game --------------------------------------------------------

    def welcome(self, message: p.Hello) -> p.Welcome:
        low, high = message.protocol
        if not low <= p.PROTOCOL <= high:
            raise p.HostError("unsupported_version", f"this host speaks protocol {p.PROTOCOL}; "
                              f"the client asks for {low}..{high}")
        from vgcore import __version__

        registry = self.registry
        formats = []
        for fid, fmt in sorted(registry.formats.items()):
            seats = list(registry.engine(fid).seat_layout.seats)
            decks = [d.name for d in registry.decks_for(fid)]
            formats.append(p.FormatInfo(id=fid, name=getattr(fmt, "name", fid) or fid,
                                        seats=seats, decks=decks))
        return p.Welcome(re=message.id, protocol=p.PROTOCOL, engine_version=__version__,
                         formats=formats, decks={f.id: f.decks for f in formats},
                         plugins=sorted(n for n, _ in registry.pm.list_name_plugin()),
                         agents=sorted(AGENTS))

    def create(self, message: p.Create) -> tuple[Room, dict[str, str]]:
        if len(self.rooms) >= self.config.max_games:
            raise p.HostError("too_many", f"this host plays at most {self.config.max_games} "
                              "games at once")
        registry = self.registry
        if message.format not in registry.formats:
            raise p.HostError("bad_request", f"unknown format {message.format!r}; formats: "
                              + ", ".join(sorted(registry.formats)))
        seats = list(registry.engine(message.format).seat_layout.seats)
        kinds = self.seat_kinds(message.seats, seats)
        dealt = self.decks(message, seats)
        if message.first_player is not None and message.first_player not in seats:
            raise p.HostError("bad_request", f"first_player {message.first_player!r} is not a "
                              f"seat; seats: {', '.join(seats)}")
        seed = message.seed if message.seed is not None else secrets.randbits(62)
        tokens = {seat: new_token() for seat in seats if kinds[seat] == HUMAN}
        config: dict[str, Any] = {
            "seats": kinds,
            "clock": msgspec.to_builtins(message.clock) if message.clock else None,
            "spectators": msgspec.to_builtins(message.spectators or p.SpectatorSpec()),
            "reconnect_window_ms": message.reconnect_window_ms,
            "on_disconnect": message.on_disconnect,
            "first_player": message.first_player,
        }
        record = GameRecord(id=self.new_game_id(), format=message.format,
                            decks={s: deck_to_json(d) for s, d in dealt.items()}, seed=seed,
                            config=config,
                            token_hashes={s: token_hash(t) for s, t in tokens.items()},
                            created=time.time(), status="live")
        game = self.fresh_game(record)
        self.store.create_game(record)
        room = Room(self, record, game)
        self.rooms[record.id] = room
        room.await_seats(self.config.join_window_ms)
        return room, tokens

    @staticmethod
    def seat_kinds(asked: dict[str, str], seats: list[str]) -> dict[str, str]:
        unknown = [s for s in asked if s not in seats]
        if unknown:
            raise p.HostError("bad_request", f"no seat {unknown[0]!r}; seats: {', '.join(seats)}")
        kinds = {}
        for seat in seats:
            kind = asked.get(seat, HUMAN)
            agent = kind.removeprefix(AGENT_PREFIX)
            if kind != HUMAN and (not kind.startswith(AGENT_PREFIX) or not is_agent(agent)):
                raise p.HostError("bad_request", f"seat {seat}: {kind!r} is neither 'human' nor "
                                  "an agent: " + ", ".join(AGENT_PREFIX + a for a in AGENTS)
                                  + " (mcts with options: agent:mcts:ms=100)")
            kinds[seat] = kind
        return kinds

    def decks(self, message: p.Create, seats: list[str]) -> dict[str, Any]:
        """Each seat's deck list, validated (every violation of every deck listed)."""
        registry, fid = self.registry, message.format
        try:
            if message.decks is None:
                return registry.deal_decks(fid)
            missing = [s for s in seats if s not in message.decks]
            extra = [s for s in message.decks if s not in seats]
            if extra or (missing and len(message.decks) != 2):
                raise p.HostError("bad_request", "decks: one deck per seat ("
                                  + ", ".join(seats) + ")" + (", or one per team" if
                                                              len(seats) > 2 else ""))
            given = [self.deck(message.decks[s], s) for s in seats if s in message.decks]
            dealt = registry.deal_decks(fid, given)
        except DeckError as exc:
            raise p.HostError("bad_deck", str(exc), violations=[str(exc)]) from None
        problems = []
        for seat, deck in dealt.items():
            for problem in registry.deck_violations(deck, fid):
                problems.append(f"{seat} ({deck.name}): {problem}")
        if problems:
            raise p.HostError("bad_deck", "illegal decks: " + "; ".join(problems),
                              violations=problems)
        return dealt

    def deck(self, given: str | p.InlineDeck, seat: str) -> Any:
        from vgcore.decks import parse_deck

        if isinstance(given, str):
            if given not in self.registry.decks:
                problem = f"{seat}: no installed deck {given!r}"
                raise p.HostError("bad_deck", problem, violations=[problem])
            return self.registry.decks[given]
        data = msgspec.to_builtins(given)
        data = {k: v for k, v in data.items() if v is not None}
        try:
            return parse_deck(data, f"decks.{seat}")
        except VgError as exc:
            raise p.HostError("bad_deck", f"{seat}: {exc}", violations=[f"{seat}: {exc}"]) \
                from None

    def room(self, game_id: str) -> Room:
        """A live game, or a finished one (rebuilt from the store when not in memory)."""
        room = self.rooms.get(game_id) or self.finished.get(game_id) or self.wake(game_id)
        if room is not None:
            return room
        record = self.store.game(game_id)
        if record is None:
            raise p.HostError("unknown_game", f"no game {game_id!r}")
        if record.status != "over":
            raise p.HostError("internal_error", f"game {game_id} could not be resumed (see "
                              "the host's log)")
        room = self.restore(record)
        room.closed = True
        self.closed(room)
        return room

    def check_token(self, game_id: str, seat: str, token: str) -> GameRecord:
        known = self.rooms.get(game_id) or self.finished.get(game_id)
        record = known.record if known is not None else (
            self.waiting.get(game_id) or self.store.game(game_id))
        if record is None:
            raise p.HostError("unknown_game", f"no game {game_id!r}")
        stored = record.token_hashes.get(seat)
        if stored is None or not token_matches(token, stored):
            raise p.HostError("unauthorized", f"that token does not hold seat {seat!r} of "
                              f"game {game_id}")
        return record


class Connection:
    """One client. Every message is validated; errors go back as `error` replies and change
    nothing; the connection stays open."""

    def __init__(self, host: Host, send: Callable[[str], None], *, trusted: bool,
                 peer: str) -> None:
        self.host = host
        self._send = send
        self.trusted = trusted
        self.peer = peer
        self.games: set[str] = set()
        self.open = True
        self.batching = False  # asked for `batch` messages in hello
        self.outbox: list[str] = []  # encoded messages of this moment, when batching
        self.outbox_messages = 0  # the messages in it (an entry may hold a run of several)
        self.received_at: float | None = None  # when traced: the message being handled

    def send(self, message: p.Reply) -> None:
        if not self.open:
            return
        text = p.encode(message)
        if not self.batching:
            self._send(text)
            return
        self.queue(text, 1)

    def send_run(self, messages: Sequence[p.Reply]) -> None:
        """Several messages of one moment (a catch-up's events), in order. A batching
        connection gets them encoded in one call and joined into its batch as they are:
        encoding each on its own cost about twice as much, and a player's answer is followed
        by ten events or so."""
        if not self.open or not messages:
            return
        if not self.batching or len(messages) == 1:
            for message in messages:
                self.send(message)
            return
        self.queue(p.encode_run(messages), len(messages))

    def queue(self, text: str, count: int) -> None:
        """Add `count` encoded messages (comma-separated) to this moment's batch."""
        self.outbox.append(text)
        self.outbox_messages += count
        if len(self.outbox) == 1:
            self.host.loop.call_soon(self.flush)

    def flush(self) -> None:
        """Everything sent at this moment, as one message."""
        texts, self.outbox = self.outbox, []
        count, self.outbox_messages = self.outbox_messages, 0
        if self.open and texts:
            self._send(texts[0] if count == 1 else p.batch_text(texts))

    async def receive(self, text: str | bytes) -> None:
        self.receive_now(text)

    def receive_now(self, text: str | bytes) -> None:
        """`receive`, done before returning (nothing in it waits): for a transport that
        hands over many connections' messages at one time (worker.py)."""
        re: Any = msgspec.UNSET
        if trace.TRACE is not None:
            self.received_at = time.perf_counter()
        try:
            decoded = trace.timer("decode")
            message = p.decode(text)
            if decoded is not None:
                decoded()
            re = message.id
            self.handle(message)
        except p.HostError as exc:
            if re is msgspec.UNSET:
                re = p.request_id(text)
            self.send(p.error(exc, re))
        except Exception:  # the engine's bug must not take the host down with it
            log.exception("internal error on %r", text[:200])
            self.send(p.Error(re=re, code="internal_error", message="the host failed to "
                              "handle this message; the game is unchanged"))
        if self.outbox:  # the reply and what it led to go out now (the flush scheduled for
            self.flush()  # them finds nothing left), not a turn of the loop later

    def closed(self) -> None:
        """The transport is gone: its seats start their reconnect windows."""
        self.open = False
        self.host.connections.discard(self)
        for game_id in list(self.games):
            room = self.host.known(game_id)
            if room is not None:
                room.drop(self)
        self.games.clear()

    def lost(self, game_id: str, seat: str) -> None:
        """A newer connection took `seat` over."""
        self.send(p.Error(code="unauthorized", message=f"seat {seat} of game {game_id} was "
                          "taken over by a newer connection"))

    # -- dispatch --------------------------------------------------------------------------

    def handle(self, m: p.ClientMessage) -> None:
        host = self.host
        if isinstance(m, p.Hello):
            welcome = host.welcome(m)
            self.batching = welcome.batch = m.batch
            self.send(welcome)
        elif isinstance(m, p.Ping):
            self.send(p.Pong(re=m.id))
        elif isinstance(m, p.Create):
            self.create(m)
        elif isinstance(m, p.Join | p.Resume):
            self.join(m)
        elif isinstance(m, p.Spectate):
            self.spectate(m)
        elif isinstance(m, p.Answer):
            self.mine(m.game).answer(self, m)
        elif isinstance(m, p.Concede):
            self.mine(m.game).concede(self, m)
            self.send(p.Ok(re=m.id))
        elif isinstance(m, p.Leave):
            self.leave(m)
        elif isinstance(m, p.Get):
            self.get(m)
        elif isinstance(m, p.ListGames):
            self.list_games(m)
        elif isinstance(m, p.AskHint):
            self.send(self.mine(m.game).hint(self, m))

    def mine(self, game_id: str) -> Room:
        room = self.host.room(game_id)
        if game_id not in self.games:
            raise p.HostError("unauthorized", f"join game {game_id} first")
        return room

    def room_slot(self, game_id: str) -> None:
        live = [g for g in self.games if g in self.host.rooms]
        if (not self.trusted and game_id not in live
                and len(live) >= self.host.config.max_games_per_connection):
            raise p.HostError("too_many", f"this connection watches or plays {len(live)} "
                              "live games already")

    def create(self, m: p.Create) -> None:
        room, tokens = self.host.create(m)
        self.send(p.Created(re=m.id, game=room.id, tokens=tokens, seats=room.kinds))
        room.after_change()

    def join(self, m: p.Join | p.Resume) -> None:
        host = self.host
        host.check_token(m.game, m.seat, m.token)
        room = host.room(m.game)
        self.room_slot(m.game)
        held = room.seat_of(self)
        if held and m.seat not in held and not self.trusted:
            raise p.HostError("too_many", f"this connection plays {held[0]} in game {m.game}; "
                              "one seat per connection (stdio may hold several)")
        watch = room.add_seat(self, m.seat, sent=0)
        watch.views = m.views
        self.games.add(m.game)
        room.joined(watch, m.id, after=m.after if isinstance(m, p.Resume) else None)
        room.seat_arrived()

    def spectate(self, m: p.Spectate) -> None:
        room = self.host.room(m.game)
        if not room.spectators_allowed:
            raise p.HostError("unauthorized", f"game {m.game} allows no spectators")
        self.room_slot(m.game)
        if any(w.conn is self and w.seat is None for w in room.watches):
            raise p.HostError("bad_request", f"this connection already watches {m.game}")
        if room.result is None:
            room.ensure_lag()
        watch: Watch = room.add_spectator(self, sent=0)
        watch.views = m.views
        self.games.add(m.game)
        room.joined(watch, m.id, after=m.after or None)

    def leave(self, m: p.Leave) -> None:
        self.leave_games([m.game] if m.game is not None else list(self.games))
        self.send(p.Ok(re=m.id))

    def leave_games(self, games: list[str]) -> None:
        for game_id in games:
            room = self.host.known(game_id)
            if room is not None:
                room.drop(self)
            self.games.discard(game_id)

    def get(self, m: p.Get) -> None:
        if m.at is not None:
            self.get_past_view(m)
            return
        if m.what == "replay":
            self.get_replay(m)
            return
        room = self.host.room(m.game)
        seats = room.seat_of(self)
        watching = any(w.conn is self for w in room.watches)
        if not watching:
            raise p.HostError("unauthorized", f"join or spectate game {m.game} first")
        seat = m.seat if m.seat is not None else (seats[0] if seats else None)
        if seat is not None and seat not in seats:
            raise p.HostError("unauthorized", f"this connection has not joined as {seat}")
        watch = next(w for w in room.watches if w.conn is self and w.seat == seat)
        game = room.source(watch)
        if m.what == "view":
            self.send(p.ViewMsg(re=m.id, game=m.game, seat=seat, seq=len(game.state.log),
                                view=room.view_of(game, seat, log=False)))
        else:
            d = game.decision
            info = decision_info(d) if d is not None and d.seat == seat else None
            self.send(p.Legal(re=m.id, game=m.game, decision=info))

    def get_replay(self, m: p.Get) -> None:
        """A finished game's replay: for anyone when the game allows spectators, else for
        the connections that joined one of its seats."""
        room = self.host.room(m.game)
        text = self.host.store.replay(m.game)
        if text is None:
            raise p.HostError("bad_request", f"game {m.game} is not over: no replay yet")
        if not room.spectators_allowed and not room.seat_of(self):
            raise p.HostError("unauthorized", f"game {m.game} is private: join one of its "
                              "seats to get its replay")
        self.host.spawn(self.send_replay(m, room, json.loads(text)))

    def get_past_view(self, m: p.Get) -> None:
        """A finished game's view after its first `at` answers, for a replay viewer: the
        asking seat's (else the spectator's), with the access rules of `get replay`."""
        if m.what != "view":
            raise p.HostError("bad_request", "`at` goes with what: view only")
        room = self.host.room(m.game)
        if room.result is None:
            raise p.HostError("bad_request", f"game {m.game} is not over: `at` is for "
                              "finished games (a live game's view: get view)")
        seat = self.replay_seat(room, m.seat)
        count = len(room.answers)
        if not 0 <= m.at <= count:
            raise p.HostError("bad_request", f"at {m.at} is out of range: game {m.game} had "
                              f"{count} answers, so at is 0..{count}")
        self.host.spawn(self.send_past_view(m, room, seat))

    def replay_seat(self, room: Room, asked: str | None) -> str | None:
        """Whose view of a finished game this connection may have: a seat it joined (the
        one asked, else its first), else the spectator's if the game allows spectators."""
        seats = room.seat_of(self)
        if asked is not None and asked not in seats:
            raise p.HostError("unauthorized", f"this connection has not joined as {asked}")
        if seats:
            return asked or seats[0]
        if not room.spectators_allowed:
            raise p.HostError("unauthorized", f"game {room.id} is private: join one of its "
                              "seats to see its past views")
        return None

    async def send_past_view(self, m: p.Get, room: Room, seat: str | None) -> None:
        game = await room.past(m.at or 0)
        self.send(p.ViewMsg(re=m.id, game=m.game, seat=seat, seq=len(game.state.log),
                            view=room.view_of(game, seat, log=False)))

    async def send_replay(self, m: p.Get, room: Room, data: dict[str, Any]) -> None:
        """The replay with its hashes, made once per finished room (asking again is free)."""
        if room.full_replay is None:
            room.full_replay = await with_hashes(self.host, room.record, data)
        self.send(p.ReplayMsg(re=m.id, game=m.game, replay=room.full_replay))

    def list_games(self, m: p.ListGames) -> None:
        records = self.host.store.games(status=m.status, limit=m.limit, public=True)
        self.send(p.Games(re=m.id, games=[
            p.GameInfo(game=r.id, format=r.format, status=r.status, seats=r.config["seats"],
                       result=r.result, reason=r.reason, created=r.created)
            for r in records]))

