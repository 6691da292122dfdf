"""One live game on the host: its seats, who watches it, its journal, clock and agents.

A room owns the `Game` and is the only code that changes it. Every change goes the same way
(`commit`): apply it to the game, journal it in the store (committed), and only then tell
anyone — so nothing acknowledged is ever lost, and a restarted host rebuilds the game from
its latest snapshot plus the journal, to the same state hash. Each watcher (a connection's
seat, or a spectator) gets the events its seat may read (the engine's redaction), a fresh
view, and the pending decision or who is being waited for.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vgcore.agents import AGENTS, is_agent, make_agent
from vgcore.errors import ActionSyntaxError, IllegalActionError, VgError
from vgcore.game import FORFEITS, Game, read_answer
from vgcore.host import protocol as p
from vgcore.host import trace
from vgcore.host.clocks import Clock
from vgcore.host.store import GameRecord, JournalEntry
from vgcore.replay import Replay, deck_from_json
from vgcore.views import redact

if TYPE_CHECKING:
    from vgcore.host.service import Connection, Host

log = logging.getLogger("vgcore.host")

AGENT_PREFIX = "agent:"
HUMAN = "human"
TIMEOUT_AGENT = "greedy"  # who answers for a seat whose clock ran out (policy "answer")
STAND_IN = "greedy"  # who plays a seat gone past its window (on_disconnect "agent")
MAX_RESUME_EVENTS = 2000  # a resume further behind gets a fresh view with the whole log
AGENT_SLICE = 0.002  # seconds of agent answers between chances for other games to run
PAST_EVERY = 16  # answers between the states kept of a finished game played again


@dataclass(slots=True, eq=False)
class Watch:
    """One connection watching one game: as a seat, or as a spectator (seat None)."""

    conn: Connection
    seat: str | None
    sent: int = 0  # events of the log already sent
    delayed: bool = False  # a spectator who sees the game some decisions behind
    views: bool = True  # a view after every change (else events and decisions only)


class Room:
    def __init__(self, host: Host, record: GameRecord, game: Game, *, entries: int = 0) -> None:
        self.host = host
        self.record = record
        self.id = record.id
        self._game: Game | None = game  # None once released (`release`): rebuilt when asked
        self.final: tuple[str, str | None] | None = None  # a released game's result, reason
        self.kinds: dict[str, str] = record.config["seats"]
        self.entries = entries
        self.answered: dict[int, str] = {}  # decision id -> the seat that answered it
        self.timed_out: set[int] = set()  # decisions the clock answered for their seat
        self.full_replay: dict[str, Any] | None = None  # a finished game's, with its hashes
        self.watches: list[Watch] = []
        self.absent: dict[str, asyncio.TimerHandle] = {}  # seat -> its reconnect window
        spec = record.config.get("clock")
        self.clock = Clock.new(p.ClockSpec(**spec), list(game.state.seats)) if spec else None
        self.timer: asyncio.TimerHandle | None = None
        self.agent_task: asyncio.Task[None] | None = None
        spectators = record.config.get("spectators") or {}
        self.spectators_allowed = spectators.get("allowed", True)
        self.delay = spectators.get("delay", 0)
        self.lag: Game | None = None  # the game `delay` answers behind, for delayed spectators
        self.lag_answers = 0  # answers the lagging game has had
        self.answers: list[str] = []  # every answer applied, in order (for the lagging game)
        self.joined_once: set[str] = set()  # human seats that have joined (clocks wait for all)
        self.scheduled: asyncio.Handle | None = None  # a publish, due this turn of the loop
        self.stand_ins: set[str] = set()  # human seats the host's agent plays while they are gone
        self.slice_entries: list[JournalEntry] | None = None  # an agents' slice, not yet kept
        self.closed = False
        self.asked_at: float | None = None  # when traced: the answer the next decision ends

    # -- the game --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The room's game; a finished room that let its game go (`release`) gets it back
        from the host (a few kept, else rebuilt from the store), to the same state."""
        game = self._game
        return game if game is not None else self.host.final_game(self)

    @property
    def result(self) -> str | None:
        """The game's result (None while it goes on), read without rebuilding a released
        game: a request to a finished game is refused at no cost."""
        if self._game is None and self.final is not None:
            return self.final[0]
        return self.game.result

    def release(self) -> Game | None:
        """A finished room lets its game go: finished games kept as live `Game`s were most
        of what every full collection scanned (docs/performance.md, session 10). The room
        keeps its record, answers and result; the game is handed back (the host keeps a
        few), and `game` rebuilds it when a late request needs it."""
        game, lag, self._game, self.lag = self._game, self.lag, None, None
        if lag is not None:
            lag.drop_scripts()  # freed when dropped (Game.drop_scripts)
        if game is not None:
            self.final = (game.result or "draw", game.result_reason)
        return game

    # -- seats and watchers ----------------------------------------------------------------

    def is_human(self, seat: str) -> bool:
        """A seat a person answers for now (not an agent seat, nor one an agent stands in)."""
        return self.kinds.get(seat) == HUMAN and seat not in self.stand_ins

    def seat_of(self, conn: Connection) -> list[str]:
        return [w.seat for w in self.watches if w.conn is conn and w.seat is not None]

    def connected(self, seat: str) -> bool:
        return any(w.seat == seat for w in self.watches)

    def add_seat(self, conn: Connection, seat: str, *, sent: int) -> Watch:
        """`conn` now acts for `seat`; an older connection holding it loses it (takeover)."""
        was_there = self.connected(seat)
        for old in [w for w in self.watches if w.seat == seat and w.conn is not conn]:
            self.watches.remove(old)
            old.conn.lost(self.id, seat)
        watch = next((w for w in self.watches if w.conn is conn and w.seat == seat), None)
        if watch is None:
            watch = Watch(conn, seat, sent)
            self.watches.append(watch)
        watch.sent = sent
        window = self.absent.pop(seat, None)
        if window is not None:
            window.cancel()
        self.stand_ins.discard(seat)  # back: the seat's own player answers again
        if not was_there:
            self.broadcast(p.Presence(game=self.id, seat=seat, connected=True), but=conn,
                           live_only=True)
        self.joined_once.add(seat)
        return watch

    def seat_arrived(self) -> None:
        """After a seat's `joined`: the last seat to arrive starts the clocks."""
        d = self.game.decision
        if (d is not None and self.clock is not None and self.clock.running is None
                and self.is_human(d.seat)):
            self.start_clock(d.seat, d.id)

    def add_spectator(self, conn: Connection, *, sent: int) -> Watch:
        watch = Watch(conn, None, sent, delayed=self.delay > 0 and self.result is None)
        self.watches.append(watch)
        return watch

    def drop(self, conn: Connection) -> None:
        """`conn` is gone or left: its seats start their reconnect windows."""
        seats = self.seat_of(conn)
        self.watches = [w for w in self.watches if w.conn is not conn]
        for seat in seats:
            if not self.connected(seat):
                self.broadcast(p.Presence(game=self.id, seat=seat, connected=False),
                               live_only=True)
                self.open_window(seat)

    def await_seats(self, window_ms: int | None = None) -> None:
        """Every human seat nobody holds gets a window to (re)join in: `window_ms` (a new
        game: the host's join window), else the reconnect window (a restarted host)."""
        for seat, kind in self.kinds.items():
            if kind == HUMAN and not self.connected(seat):
                self.open_window(seat, window_ms)

    def open_window(self, seat: str, window_ms: int | None = None) -> None:
        window = window_ms
        if window is None:
            window = self.record.config.get("reconnect_window_ms")
        if window is None:
            window = self.host.config.reconnect_window_ms
        if not window or self.result is not None or seat in self.absent:
            return
        loop = asyncio.get_running_loop()
        self.absent[seat] = loop.call_later(window / 1000, self.window_closed, seat)

    def window_closed(self, seat: str) -> None:
        self.absent.pop(seat, None)
        if self.connected(seat) or self.result is not None:
            return
        if self.record.config.get("on_disconnect") == "agent":
            self.stand_ins.add(seat)  # the host's agent plays it until somebody is back
            if self.clock is not None and self.clock.running == seat:
                self.clock.stop()
            d = self.game.decision
            if d is not None and d.seat == seat:
                self.wake_agents()
            return
        self.forfeit(seat, "disconnect")

    # -- changing the game -----------------------------------------------------------------

    def answer(self, conn: Connection, message: p.Answer) -> None:
        """A client's answer: checked, applied, journaled, acknowledged, then told to all."""
        mine = self.seat_of(conn)
        if self.answered.get(message.decision) in mine:  # a retry: acknowledged again
            conn.send(p.Accepted(re=message.id, game=self.id, decision=message.decision))
            return
        if message.decision in self.timed_out:
            raise p.HostError("stale_decision", f"decision {message.decision} ran out of time; "
                              "the clock's policy answered it")
        if self.result is not None:
            raise p.HostError("game_over", f"game {self.id} is over ({self.result})")
        game = self.game
        d = game.decision
        assert d is not None
        if message.decision != d.id:
            raise p.HostError("stale_decision", f"decision {message.decision} is not pending; "
                              f"the pending decision is {d.id} ({d.kind} for {d.seat})")
        if d.seat not in mine:
            if mine:
                raise p.HostError("not_your_decision",
                                  f"decision {d.id} asks {d.seat}, not {', '.join(mine)}")
            raise p.HostError("unauthorized", f"join game {self.id} as {d.seat} first")
        applied = trace.timer("apply")
        try:
            chosen = read_answer(d, message.action)
            game.apply(chosen, seat=d.seat)  # the option itself: read once, not twice
        except (IllegalActionError, ActionSyntaxError) as exc:
            raise p.HostError("illegal_action", str(exc).split("\n")[0],
                              legal=d.option_strings()) from None
        if applied is not None:
            applied()
            self.asked_at = conn.received_at
        # The answer and the agents' first slice in reply are journaled in one transaction,
        # before the answer is acknowledged; they reach everyone as one batch.
        self.slice_entries = []
        self.record_answer("answer", d.seat, d.id, str(chosen))
        replying = game.result is None and not self.is_human(game.decision.seat)
        if replying:
            self.advance_lag()
        answered = self.agents_slice() if replying else True
        committed = trace.timer("commit")
        if not self.commit_slice():
            raise p.HostError("internal_error", "the host could not record this; the game is "
                              "as it was before it")
        if committed is not None:
            committed()
        conn.send(p.Accepted(re=message.id, game=self.id, decision=d.id))
        if not replying:
            self.after_change()
        elif self.after_slice(answered):
            self.wake_agents()
        if self.publishing:  # now, not a turn of the loop later: the answer's `accepted` and
            self.publish_now()  # all it led to reach its player as one batch, one hop sooner

    def hint(self, conn: Connection, message: p.AskHint) -> p.Suggestion:
        """An agent's pick for the pending decision, if it asks one of `conn`'s seats; the
        game is not changed (the agent chooses on the game as it is, like an agent seat)."""
        if self.result is not None:
            raise p.HostError("game_over", f"game {self.id} is over ({self.result})")
        d = self.game.decision
        assert d is not None
        mine = self.seat_of(conn)
        if not mine:
            raise p.HostError("unauthorized", f"join game {self.id} as {d.seat} first")
        if d.seat not in mine:
            raise p.HostError("not_your_decision", f"decision {d.id} asks {d.seat}")
        if not is_agent(message.agent):
            raise p.HostError("bad_request", f"no agent {message.agent!r}; agents: "
                              + ", ".join(sorted(AGENTS)))
        agent = make_agent(message.agent, seed=self.agent_seed(d.id))
        action = str(agent.choose(self.game, list(d.options)))
        return p.Suggestion(re=message.id, game=self.id, decision=d.id, action=action)

    def agent_seed(self, decision: int) -> int:
        """An agent's seed for one decision: the game's seed and the decision id, so the same
        game gets the same pick whenever and wherever it is asked (a restart included)."""
        return (self.record.seed * 1_000_003 + decision) % 2**63

    def record_answer(self, kind: str, seat: str, decision: int, action: str) -> None:
        """Journal an answer just applied (committed before anyone hears of it)."""
        if kind == "timeout":
            self.timed_out.add(decision)
        else:
            self.answered[decision] = seat
        self.answers.append(action)
        clock_ms = None
        if self.clock is not None and self.clock.running == seat:
            clock_ms = 0 if kind == "timeout" else self.clock.stop()
            if kind == "timeout":
                self.clock.expire()
        self.journal(JournalEntry(self.entries + 1, kind, seat, decision, action, clock_ms,
                                  time.time()))

    def journal(self, entry: JournalEntry) -> None:
        """Keep `entry` for good before anyone hears of it: at once, or — during an agents'
        slice, which nobody hears of until it ends — with the rest of the slice."""
        self.entries = entry.n
        if self.slice_entries is not None:
            self.slice_entries.append(entry)
            return
        self.commit([entry])

    def commit(self, entries: list[JournalEntry]) -> None:
        """Journal `entries` in one transaction, then snapshot if they reach a multiple of
        `snapshot_every`. If the store fails, the game is rebuilt from what the store holds
        (the changes are undone) and the request refused."""
        try:
            self.host.store.append(self.id, entries)
        except VgError as exc:
            log.error("game %s: the journal failed (%s); rebuilding it from the store",
                      self.id, exc)
            self.host.recover(self)
            raise p.HostError("internal_error", "the host could not record this; the game "
                              "is as it was before it") from None
        every = self.host.config.snapshot_every
        first, last = entries[0].n, entries[-1].n
        if every and (first - 1) // every != last // every and self.game.result is None:
            try:
                self.host.store.save_snapshot(self.id, last, self.game.snapshot_text())
            except VgError as exc:  # only resuming is slower: the journal has every answer
                log.warning("game %s: snapshot at %d not kept (%s)", self.id, last, exc)

    def concede(self, conn: Connection, message: p.Concede) -> None:
        if message.seat not in self.seat_of(conn):
            raise p.HostError("unauthorized", f"this connection has not joined {self.id} as "
                              f"{message.seat}")
        if self.result is not None:
            raise p.HostError("game_over", f"game {self.id} is over ({self.result})")
        self.forfeit(message.seat, "concede")

    def forfeit(self, seat: str, reason: str) -> None:
        """`seat` loses from outside the rules: it gave up, ran out of time, or left."""
        if self.closed or self.result is not None:
            return
        self.game.concede(seat, reason)
        kind = "concede" if reason == "concede" else "forfeit"
        if self.clock is not None and self.clock.running is not None:
            self.clock.running = None
        self.journal(JournalEntry(self.entries + 1, kind, seat, None, reason, None, time.time()))
        self.after_change()

    def after_change(self) -> None:
        """Tell everyone, then let agents, clocks and the end of the game take their turn."""
        self.advance_lag()
        if self.game.result is not None:
            self.finish()
            return
        d = self.game.decision
        assert d is not None
        if self.is_human(d.seat):
            self.publish()
            self.start_clock(d.seat, d.id)
        else:
            self.wake_agents()  # they publish at the end of each slice

    # -- agents and clocks -----------------------------------------------------------------

    def wake_agents(self) -> None:
        if self.agent_task is None or self.agent_task.done():
            self.agent_task = asyncio.get_running_loop().create_task(self.play_agents())

    async def play_agents(self) -> None:
        """Answer for the host's agent seats, a slice of time at a time: the watchers hear
        of each slice at once, and other games run between slices."""
        while not self.closed and self.game.result is None and self.agents_turn():
            await asyncio.sleep(0)

    def agents_turn(self) -> bool:
        """One slice of agents' answers, kept and told; True if agents are still to answer."""
        answered = self.agents_slice()
        if not self.commit_slice():
            return False
        return self.after_slice(answered)

    def after_slice(self, answered: bool) -> bool:
        """Once a slice is kept: end the game, or tell everyone and time the person asked
        next; True if agents are still to answer (`answered`: no agent failed)."""
        if self.game.result is not None:
            self.finish()
            return False
        self.publish()
        if not answered:
            return False
        d = self.game.decision
        assert d is not None
        if self.is_human(d.seat):
            self.start_clock(d.seat, d.id)
            return False
        return True

    def agents_slice(self) -> bool:
        """Agents answer until a person is asked, the game ends or the slice's time is up;
        their journal entries wait for `commit_slice`. False if an agent could not answer."""
        ends = time.perf_counter() + AGENT_SLICE
        if self.slice_entries is None:  # else the answer they reply to waits with them
            self.slice_entries = []
        sliced = trace.timer("agents")
        while self.game.result is None:
            d = self.game.decision
            assert d is not None
            if self.is_human(d.seat) or time.perf_counter() > ends:
                break
            if not self.agent_answers(d.seat):
                return False
            self.advance_lag()
        if sliced is not None:
            sliced()
        return True

    def commit_slice(self) -> bool:
        """Journal the slice's answers in one transaction; False if the store refused them
        (the room was rebuilt: the new one carries on)."""
        entries, self.slice_entries = self.slice_entries or [], None
        if not entries:
            return True
        try:
            self.commit(entries)
        except p.HostError:
            return False
        return True

    def agent_answers(self, seat: str) -> bool:
        """The seat's agent answers; if it fails (a bug: logged), the random agent answers
        instead, so the game never waits for an agent that cannot answer."""
        name = (STAND_IN if seat in self.stand_ins
                else self.kinds[seat].removeprefix(AGENT_PREFIX))
        try:
            self.pick_for(seat, name, "answer")
        except p.HostError:  # the journal failed: the room was rebuilt and carries on
            return False
        except Exception:
            log.exception("game %s: agent %s failed for seat %s; the random agent answers",
                          self.id, name, seat)
            try:
                self.pick_for(seat, "random", "answer")
            except Exception:
                log.exception("game %s: no agent can answer for %s", self.id, seat)
                return False
        return True

    def pick_for(self, seat: str, agent_name: str, kind: str) -> None:
        """An agent answers the pending decision (seeded by `agent_seed`)."""
        d = self.game.decision
        assert d is not None
        agent = make_agent(agent_name, seed=self.agent_seed(d.id))
        action = agent.choose(self.game, list(d.options))
        self.game.apply(action, seat=seat)
        self.record_answer(kind, seat, d.id, str(action))

    def start_clock(self, seat: str, decision: int) -> None:
        """Time `seat`'s decision; clocks wait until every human seat has joined once."""
        if self.clock is None or not all(s in self.joined_once for s, kind in self.kinds.items()
                                         if kind == HUMAN):
            return
        if self.timer is not None:
            self.timer.cancel()
        seconds = self.clock.start(seat)
        self.broadcast(p.ClockMsg(game=self.id, seat=seat, remaining_ms=self.clock.left(seat),
                                  running=True), live_only=True)
        self.timer = asyncio.get_running_loop().call_later(seconds, self.time_out, seat,
                                                           decision)

    def time_out(self, seat: str, decision: int) -> None:
        """`seat`'s time ran out on `decision`: the clock's policy applies."""
        self.timer = None
        if self.closed:
            return
        d = self.game.decision
        if d is None or d.id != decision or self.clock is None:
            return
        if self.clock.spec.on_expiry == "lose":
            self.clock.expire()
            self.forfeit(seat, "time")
            return
        try:
            self.pick_for(seat, TIMEOUT_AGENT, "timeout")
        except p.HostError:
            return  # the journal failed: the room was rebuilt and times the decision again
        self.broadcast(p.ClockMsg(game=self.id, seat=seat, remaining_ms=0), live_only=True)
        self.after_change()

    # -- telling watchers ------------------------------------------------------------------

    def broadcast(self, message: p.Reply, *, but: Connection | None = None,
                  live_only: bool = False) -> None:
        """To every watching connection once; `live_only` leaves out delayed spectators
        (clocks and presence would tell them what is happening now)."""
        watching = (w.conn for w in self.watches
                    if w.conn is not but and not (live_only and w.delayed))
        for conn in dict.fromkeys(watching):
            conn.send(message)

    def source(self, watch: Watch) -> Game:
        return self.lag if watch.delayed and self.lag is not None else self.game

    @property
    def publishing(self) -> bool:
        """A publish is scheduled."""
        return self.scheduled is not None

    def publish(self) -> None:
        """Tell every watcher what changed, once for all the changes of this turn of the
        loop (an answer and what follows it reach each watcher as one batch)."""
        if self.scheduled is None:
            self.scheduled = self.host.loop.call_soon(self.publish_now)

    def publish_now(self) -> None:
        if self.scheduled is not None:
            self.scheduled.cancel()
            self.scheduled = None
        if self.closed:
            return  # finish() told everyone already
        published = trace.timer("publish")
        for watch in list(self.watches):
            self.catch_up(watch)
        if published is not None:
            published()

    def catch_up(self, watch: Watch) -> None:
        """Send `watch` the events it has not had, its view, and what is being decided."""
        self.catch_up_events(watch)
        game = self.source(watch)
        if watch.views:
            viewed = trace.timer("view")
            watch.conn.send(p.ViewMsg(game=self.id, seat=watch.seat, seq=len(game.state.log),
                                      view=self.view_of(game, watch.seat, log=False)))
            if viewed is not None:
                viewed()
        self.tell_decision(watch, game)

    def tell_decision(self, watch: Watch, game: Game) -> None:
        d = game.decision
        if d is None:
            return
        if d.seat == watch.seat:
            if self.asked_at is not None and trace.TRACE is not None:
                trace.TRACE.answered(time.perf_counter() - self.asked_at)
                self.asked_at = None
            watch.conn.send(p.DecisionMsg(game=self.id, seat=d.seat, seq=len(game.state.log),
                                          decision=decision_info(d)))
        else:
            watch.conn.send(p.Waiting(game=self.id, seat=d.seat, kind=d.kind))

    @staticmethod
    def view_of(game: Game, seat: str | None, *, log: bool) -> dict[str, Any]:
        if seat is None:
            return game.spectator_view(log=log)
        return game.view(seat, log=log)

    def joined(self, watch: Watch, re: Any, *, after: int | None = None) -> None:
        """Reply to join/resume/spectate: the events after `after` (resume), then `joined`
        with the view (with the whole log when joining or too far behind) and the decision."""
        game = self.source(watch)
        fresh = after is None or len(game.state.log) - after > MAX_RESUME_EVENTS
        if fresh:
            watch.sent = len(game.state.log)
        else:
            watch.sent = min(after or 0, len(game.state.log))
            self.catch_up_events(watch)
        d = game.decision
        info = decision_info(d) if d is not None and d.seat == watch.seat else None
        watch.conn.send(p.Joined(re=re, game=self.id, seat=watch.seat, seq=len(game.state.log),
                                 view=self.view_of(game, watch.seat, log=fresh),
                                 decision=info))
        if d is not None and info is None:
            watch.conn.send(p.Waiting(game=self.id, seat=d.seat, kind=d.kind))
        if self.clock is not None and not watch.delayed:
            for seat in game.state.seats:
                watch.conn.send(p.ClockMsg(game=self.id, seat=seat,
                                           remaining_ms=self.clock.left(seat),
                                           running=self.clock.running == seat))
        if game.result is not None:
            watch.conn.send(self.game_over_message())

    def catch_up_events(self, watch: Watch) -> None:
        """The events of the log `watch` has not had, as its seat may read them."""
        game = self.source(watch)
        logged = game.state.log
        fields = game.engine.event_card_fields
        seat = watch.seat
        watch.conn.send_run([p.EventMsg(game=self.id, seat=seat, seq=seq,
                                        event=redact(logged[seq - 1], seat, fields))
                             for seq in range(watch.sent + 1, len(logged) + 1)])
        watch.sent = len(logged)

    # -- delayed spectators ----------------------------------------------------------------

    def ensure_lag(self) -> None:
        """The game `delay` answers behind, built by playing the answers again."""
        if self.lag is not None or self.delay == 0:
            return
        self.lag = self.host.fresh_game(self.record)
        self.lag_answers = 0
        self.advance_lag()

    def advance_lag(self) -> None:
        if self.lag is None:
            return
        behind = len(self.answers) - self.delay
        while self.lag_answers < behind and self.lag.result is None:
            self.lag.apply(self.answers[self.lag_answers])
            self.lag_answers += 1

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> None:
        """The game is over: keep its replay, tell everyone (delayed spectators catch up:
        there is nothing left to hide), and close the room."""
        if self.closed:
            return
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        for window in self.absent.values():
            window.cancel()
        finished = trace.timer("finish")
        replay = self.replay()
        try:
            self.host.store.finish(self.id, self.game.result or "draw",
                                   self.game.result_reason, json.dumps(replay))
        except VgError as exc:  # the journal has the ending: a restart finishes it again
            log.error("game %s: its replay could not be kept (%s)", self.id, exc)
        if finished is not None:
            finished()
        for watch in list(self.watches):
            watch.delayed = False
            self.catch_up(watch)
        self.broadcast(self.game_over_message(replay))
        self.host.closed(self)

    async def past(self, at: int) -> Game:
        """The finished game after its first `at` answers (at the end: the final game, a
        concession included), played again from the nearest state kept before it; a state
        is kept every `PAST_EVERY` answers, so stepping back costs a few answers, and other
        games run every few answers."""
        if at >= len(self.answers):
            return self.game
        kept = self.host.past_states(self.id)
        start = max((n for n in kept if n <= at), default=0)
        game = kept[start].clone() if start in kept else self.host.fresh_game(self.record)
        for n in range(start, at):
            game.apply(self.answers[n])
            if (n + 1) % PAST_EVERY == 0 and n + 1 not in kept:
                kept[n + 1] = game.clone()
            if n % 8 == 7:
                await asyncio.sleep(0)
        return game

    def game_over_message(self, replay: dict[str, Any] | None = None) -> p.GameOver:
        return p.GameOver(game=self.id, result=self.game.result or "draw",
                          reason=self.game.result_reason, replay=replay or self.replay())

    def replay(self) -> dict[str, Any]:
        """The finished game as a replay: answers, result and the final state hash (which
        `vgcore replay` checks). The state hash before every answer, which `--verify` also
        compares, is added when the replay is asked for (`with_hashes`): hashing a state is
        not cheap, and most games' replays are never fetched."""
        record = self.record
        decks = {seat: deck_from_json(d) for seat, d in record.decks.items()}
        from vgcore import __version__

        replay = Replay(record.format, record.seed, decks, list(self.answers),
                        first_player=record.config.get("first_player"),
                        engine_version=__version__, forfeit=self.forfeit_entry())
        replay.finish(self.game)
        return replay.to_json()

    def forfeit_entry(self) -> tuple[str, str] | None:
        if self.game.result is None:
            return None
        for event in reversed(self.game.state.log):
            if event["kind"] == "game_over":
                losers = event.get("losers") or {}
                for seat, why in losers.items():
                    if why in FORFEITS:
                        return seat, why
                return None
        return None

    def close(self) -> None:
        """The host stops: timers and agents end; the journal already holds everything."""
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        for window in self.absent.values():
            window.cancel()
        if self.agent_task is not None:
            self.agent_task.cancel()


async def with_hashes(host: Host, record: GameRecord, data: dict[str, Any]) -> dict[str, Any]:
    """A finished game's replay with the state hash before every answer, played again in
    steps that let other games run between them."""
    if len(data.get("hashes") or ()) == len(data["answers"]):
        return data
    again = host.fresh_game(record)
    hashes = []
    for i, action in enumerate(data["answers"]):
        hashes.append(again.state.state_hash())
        again.apply(action)
        if i % 8 == 7:
            await asyncio.sleep(0)
    return {**data, "hashes": hashes}


def decision_info(d: Any) -> p.DecisionInfo:
    return p.DecisionInfo(id=d.id, seat=d.seat, kind=d.kind, prompt=d.prompt,
                          options=d.option_strings(), min=d.min, max=d.max,
                          optional=d.optional, data=d.data)
