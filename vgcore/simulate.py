"""Playing many games between agents: the engine's main job and its statistics.

Seeds are derived, never random: game i of a run with seed S uses game seed S + i and agent
seeds derived from it, so a simulation is reproducible to the last decision. Games are played
in batches (`Batch`: plain data, a range of seeds) that `vgcore.parallel` may hand to worker
processes or Ray tasks; the records are added to the report in seed order whoever played
them, so any number of workers gives the serial run's report.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

from vgcore.agents import Agent, make_agent
from vgcore.decks import DeckList
from vgcore.errors import DeckError
from vgcore.game import Game
from vgcore.limits import LIMIT_REASONS
from vgcore.plugins import Registry
from vgcore.replay import Replay


@dataclass(frozen=True, slots=True)
class ScriptFailure:
    """A card script error a game survived (non-strict engines end only the failing ability):
    which card, file and Lua line, and in which game (its seed) and turn."""

    card: str | None
    file: str | None
    line: int | None
    message: str
    seed: int | None = None
    turn: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else (self.file or "?")
        game = f" (game seed {self.seed}, turn {self.turn})" if self.seed is not None else ""
        return f"{self.card or '?'} {where}: {self.message}{game}"


CardUses: TypeAlias = dict[str, dict[str, dict[str, int]]]
"""What each team did with each card in one game: team -> card id -> counter -> count
(`vgcore.balance` counts them from the game's log)."""


@dataclass(slots=True)
class GameRecord:
    """What one finished game reports: plain data, so that worker processes can send it."""

    result: str
    turns: int
    decisions: int
    script_errors: tuple[ScriptFailure, ...] = ()
    limit: str | None = None  # the engine's limit that ended it as a draw (vgcore.limits)
    first: str | None = None  # the team whose player took the first turn
    cards: CardUses | None = None  # per-card statistics, when the run collects them
    # per team: (decisions its agents answered, seconds they spent choosing)
    thinking: dict[str, tuple[int, float]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Batch:
    """Games `first_seed` … `first_seed + count - 1` of one match, as plain data: what a worker
    process or a Ray task receives (it builds its own registry from `card_dirs`; a `Game`,
    which holds a Lua runtime, never travels). `match` tells a run of several matches (the
    balance report's) which one the batch belongs to."""

    format_id: str
    decks: tuple[tuple[str, DeckList], ...]  # (seat, deck), as dealt
    agents: tuple[str, ...]
    first_seed: int
    count: int
    card_dirs: tuple[str, ...] = ()
    strict: bool = False
    save_dir: str | None = None
    card_stats: bool = False
    match: int = 0


@dataclass(slots=True)
class SimulationReport:
    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0, "draw": 0})
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    script_errors: int = 0
    first_script_errors: list[ScriptFailure] = field(default_factory=list)
    limits: dict[str, int] = field(default_factory=dict)  # games a limit ended, per limit
    turn_counts: dict[int, int] = field(default_factory=dict)  # games per number of turns
    first_player: dict[str, int] = field(  # games the team going first won, lost or drew
        default_factory=lambda: {"won": 0, "lost": 0, "draw": 0})
    # per team: decisions its agents answered and the seconds they spent choosing
    thinking: dict[str, tuple[int, float]] = field(default_factory=dict)

    #: How many script errors a report keeps in full (the rest are only counted).
    KEEP_ERRORS = 5

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.script_errors += len(record.script_errors)
        room = self.KEEP_ERRORS - len(self.first_script_errors)
        if room > 0:
            self.first_script_errors.extend(record.script_errors[:room])
        self.wins[record.result] = self.wins.get(record.result, 0) + 1
        if record.limit is not None:
            self.limits[record.limit] = self.limits.get(record.limit, 0) + 1
        self.turns += record.turns
        self.decisions += record.decisions
        self.turn_counts[record.turns] = self.turn_counts.get(record.turns, 0) + 1
        if record.first is not None:
            outcome = ("draw" if record.result == "draw"
                       else "won" if record.result == record.first else "lost")
            self.first_player[outcome] += 1
        for team, (count, seconds) in record.thinking.items():
            had = self.thinking.get(team, (0, 0.0))
            self.thinking[team] = (had[0] + count, had[1] + seconds)

    def first_player_rate(self) -> tuple[float, float, float]:
        """The first player's win rate (draw = half) over the games whose first player is
        known, with a 95% Wilson CI."""
        won, lost, draw = (self.first_player[k] for k in ("won", "lost", "draw"))
        n = won + lost + draw
        if n == 0:
            return 0.0, 0.0, 0.0
        p = (won + 0.5 * draw) / n
        return (p, *wilson_interval(p, n))

    def ms_per_decision(self, team: str) -> float:
        """The mean time `team`'s agents took to answer one decision, in milliseconds."""
        count, seconds = self.thinking.get(team, (0, 0.0))
        return 1000 * seconds / count if count else 0.0

    def win_rate(self, seat: str) -> tuple[float, float, float]:
        """Wins of `seat` over decided games and draws (draw = half), with a 95% Wilson CI."""
        n = self.games
        if n == 0:
            return 0.0, 0.0, 0.0
        p = (self.wins.get(seat, 0) + 0.5 * self.wins.get("draw", 0)) / n
        return (p, *wilson_interval(p, n))


def wilson_interval(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: sane even for small n and rates near 0 or 1."""
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_out(game: Game, agents: dict[str, Agent], *,
             replay: Replay | None = None) -> GameRecord:
    """Let agents answer every decision until the game ends — it always does: the format's
    game-length limits end a game that its agents would keep alive (vgcore.limits).
    Optionally keep it as a replay (answers plus the state hash before each, which is what
    `replay --verify` compares)."""
    decisions = 0
    teams = game.engine.seat_layout.teams
    thinking: dict[str, tuple[int, float]] = {}
    while not game.is_terminal:
        d = game.decision
        assert d is not None
        start = time.perf_counter()
        action = agents[d.seat].choose(game, d.options)
        count, seconds = thinking.get(teams[d.seat], (0, 0.0))
        thinking[teams[d.seat]] = (count + 1, seconds + time.perf_counter() - start)
        if replay is not None:
            replay.hashes.append(game.state.state_hash())
            replay.answers.append(str(action))
        game.apply(action, seat=d.seat)
        decisions += 1
    if replay is not None:
        replay.finish(game)
    reason = game.result_reason
    first = game.state.first_player
    return GameRecord(game.state.result or "draw", game.state.turn, decisions,
                      script_failures(game), reason if reason in LIMIT_REASONS else None,
                      game.engine.seat_layout.teams[first] if first is not None else None,
                      thinking=thinking)


def script_failures(game: Game, seed: int | None = None) -> tuple[ScriptFailure, ...]:
    """Every card script error the game logged (`script_error` events), in order."""
    st = game.state
    found = [ScriptFailure(e.get("card"), e.get("file"), e.get("line"), str(e.get("message")),
                           seed, turn)
             for e, turn in _with_turns(st.log) if e["kind"] == "script_error"]
    found += [ScriptFailure(w.card_id, w.file, w.line, w.message, seed, st.turn)
              for w in game.script_warnings]
    return tuple(found)


def _with_turns(log: Sequence[dict]) -> list[tuple[dict, int | None]]:
    """Log entries with the turn each happened in (from the `turn_start` events)."""
    turn: int | None = None
    out = []
    for entry in log:
        if entry["kind"] == "turn_start":
            turn = entry.get("turn", turn)
        out.append((entry, turn))
    return out


def seat_agents(game: Game, agents: Sequence[str], game_seed: int) -> dict[str, Agent]:
    """One agent per seat: the first name plays for the first team ("A"), the second for the
    other; seeds are derived from the game seed and the seat's place at the table."""
    layout = game.engine.seat_layout
    teams = layout.team_ids()
    width = len(layout.seats)
    return {seat: make_agent(agents[teams.index(layout.teams[seat]) % len(agents)],
                             game_seed * width + 1 + i)
            for i, seat in enumerate(layout.seats)}


def simulate(registry: Registry, format_id: str, decks: Sequence[DeckList], *, games: int,
             seed: int = 0, agents: Sequence[str] = ("greedy", "greedy"),
             save_dir: Path | None = None, workers: int = 1, backend: str = "local",
             address: str | None = None, batch_size: int | None = None,
             on_progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` games; game i uses seed `seed + i`. With `save_dir`, every game is saved
    as a replay file there (slower: a state hash is taken at each decision).

    `workers` > 1 plays batches of games on that many processes, `backend="ray"` as Ray tasks
    (`address`: an existing cluster's); the report is the serial one but for `seconds`.
    `on_progress(n)` is told of every n games finished, by whichever worker.

    Games run on the registry's engines as they are: a non-strict one ends only a failing
    ability and goes on, and the report counts those script errors (keeping the first few
    with card, file and Lua line) so that the caller can refuse the run."""
    from vgcore.parallel import plan_batches, run_batches

    for deck in decks:
        problems = registry.deck_violations(deck, format_id)
        if problems:
            raise DeckError(deck.name, problems)
    report = SimulationReport()
    start = time.perf_counter()
    dealt = registry.deal_decks(format_id, decks)
    batches = plan_batches(registry, format_id, dealt, agents, games=games, seed=seed,
                           workers=workers, backend=backend, batch_size=batch_size,
                           save_dir=save_dir)
    for _batch, records in run_batches(registry, batches, workers=workers, backend=backend,
                                       address=address, on_progress=on_progress):
        for record in records:
            report.add(record)
    report.seconds = time.perf_counter() - start
    return report


def play_batch(batch: Batch, registry: Registry | None = None,
               on_game: Callable[[], None] | None = None) -> list[GameRecord]:
    """Play a batch's games in seed order on `registry` (default: this process's registry for
    the batch's card directories, built once): the one loop every backend runs."""
    from vgcore import __version__

    if registry is None:
        from vgcore.parallel import worker_registry

        registry = worker_registry(batch.card_dirs, batch.strict)
    dealt = dict(batch.decks)
    save_dir = Path(batch.save_dir) if batch.save_dir is not None else None
    records = []
    for game_seed in range(batch.first_seed, batch.first_seed + batch.count):
        game = registry.new_game(batch.format_id, list(dealt.values()), game_seed,
                                 validate=False)
        players = seat_agents(game, batch.agents, game_seed)
        replay = None
        if save_dir is not None:
            replay = Replay(batch.format_id, game_seed, dict(dealt), engine_version=__version__)
        record = play_out(game, players, replay=replay)
        record.script_errors = script_failures(game, game_seed)
        if batch.card_stats:
            from vgcore.balance import card_uses

            record.cards = card_uses(game)
        if replay is not None and save_dir is not None:
            save_dir.mkdir(parents=True, exist_ok=True)
            replay.save(save_dir / f"{batch.format_id}-{game_seed:06d}.replay.json")
        records.append(record)
        if on_game is not None:
            on_game()
    return records

