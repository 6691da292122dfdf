"""Playing many games between agents: the engine's main job and its statistics.

Seeds are derived, never random: game i of a run with seed S uses game seed S + i and agent
seeds derived from it, so a simulation is reproducible to the last decision.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vgcore.agents import Agent, make_agent
from vgcore.decks import DeckList
from vgcore.game import Game
from vgcore.plugins import Registry


@dataclass(slots=True)
class GameRecord:
    """What one finished game reports."""

    result: str
    turns: int
    decisions: int
    answers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class SimulationReport:
    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0, "draw": 0})
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.wins[record.result] = self.wins.get(record.result, 0) + 1
        self.turns += record.turns
        self.decisions += record.decisions

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


def play_out(game: Game, agents: dict[str, Agent], *, keep_answers: bool = False,
             max_decisions: int = 100_000) -> GameRecord:
    """Let agents answer every decision until the game ends."""
    answers: list[str] = []
    decisions = 0
    while not game.is_terminal:
        d = game.decision
        assert d is not None
        action = agents[d.seat].choose(game, d.options)
        if keep_answers:
            answers.append(str(action))
        game.apply(action)
        decisions += 1
        if decisions >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return GameRecord(game.state.result or "draw", game.state.turn, decisions, answers)


def simulate(registry: Registry, format_id: str, decks: Sequence[DeckList], *, games: int,
             seed: int = 0, agents: Sequence[str] = ("greedy", "greedy"),
             on_game: Callable[[GameRecord], None] | None = None) -> SimulationReport:
    import time

    report = SimulationReport()
    for deck in decks:
        problems = registry.deck_violations(deck, format_id)
        if problems:
            from vgcore.errors import DeckError

            raise DeckError(deck.name, problems)
    start = time.perf_counter()
    for i in range(games):
        game = registry.new_game(format_id, decks, seed + i, validate=False)
        players = {"A": make_agent(agents[0], (seed + i) * 2 + 1),
                   "B": make_agent(agents[1], (seed + i) * 2 + 2)}
        record = play_out(game, players)
        report.add(record)
        if on_game is not None:
            on_game(record)
    report.seconds = time.perf_counter() - start
    return report
