"""The balance report: every pair of decks played both ways, and what a designer reads from it.

`vgcore simulate --matrix DECK… --report DIR` plays each ordered pair of decks (each deck once
in seat A, once in seat B) and reports the win-rate matrix with 95% Wilson intervals, the
first player's advantage, the distribution of game lengths, and per card how often it was
ridden, called, played (orders), put on the guardian circle, revealed as a trigger and had an
ability activate — with its side's win rate in the games it was used. Per-card uses are counted
from each finished game's log (`card_uses`) as plain sums, so worker processes send them with
their records and merging them does not depend on the order games finish in.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from vgcore.decks import DeckList
from vgcore.errors import DeckError, SimulationError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.simulate import CardUses, GameRecord, SimulationReport, wilson_interval

COUNTERS: Final = ("ridden", "called", "played", "guarded", "triggered", "abilities")
"""What a card's statistics count, per use (the report's columns, in order)."""
_COUNTER_OF_KIND: Final = {"ride": "ridden", "call": "called", "order": "played",
                           "guard": "guarded", "ability": "abilities"}
_CHECKS: Final = frozenset({"drive_check", "damage_check"})
_OUTCOMES: Final = ("games", "wins", "draws")  # games a card was used in, and their results

CardTotals = dict[str, dict[str, dict[str, int]]]
"""deck name -> card id -> counter (COUNTERS and games, wins, draws) -> total."""


def card_uses(game: Game) -> CardUses:
    """What each team did with each card in a finished game, from its log: rides, calls,
    orders played, guards, trigger checks that revealed a trigger, abilities that activated."""
    teams = game.engine.seat_layout.teams
    uses: CardUses = {}
    for event in game.state.log:
        kind = event["kind"]
        counter = _COUNTER_OF_KIND.get(kind)
        if counter is None and kind in _CHECKS and event.get("trigger"):
            counter = "triggered"
        seat, card = event.get("seat"), event.get("card")
        if counter is None or seat not in teams or not isinstance(card, str):
            continue
        counts = uses.setdefault(teams[seat], {}).setdefault(card, {})
        counts[counter] = counts.get(counter, 0) + 1
    return uses


def add_card_uses(totals: CardTotals, record: GameRecord, deck_of_team: dict[str, str]) -> None:
    """Add one game's card uses to `totals`, each team's under its deck, with whether that
    team won: sums only, so the order games are added in does not matter."""
    for team, cards in (record.cards or {}).items():
        deck = totals.setdefault(deck_of_team[team], {})
        won = int(record.result == team)
        drew = int(record.result == "draw")
        for card, counts in cards.items():
            total = deck.setdefault(card, dict.fromkeys(COUNTERS + _OUTCOMES, 0))
            for counter, count in counts.items():
                total[counter] += count
            total["games"] += 1
            total["wins"] += won
            total["draws"] += drew


def matrix_pairs(decks: int) -> list[tuple[int, int]]:
    """Every ordered pair of different decks (seat A's, seat B's): each pair both ways."""
    return [(a, b) for a in range(decks) for b in range(decks) if a != b]


@dataclass
class MatrixReport:
    """The results of a matrix run; `as_dict` is report.json."""

    format_id: str
    decks: list[str]
    agents: tuple[str, ...]
    games: int  # per ordered pair
    seed: int
    pairs: list[SimulationReport]  # in matrix_pairs order
    cards: CardTotals = field(default_factory=dict)
    card_names: dict[str, str] = field(default_factory=dict)
    overall: SimulationReport = field(default_factory=SimulationReport)
    seconds: float = 0.0

    def cell(self, row: int, col: int) -> dict[str, Any]:
        """Deck `row`'s results against deck `col`, over both seatings."""
        index = matrix_pairs(len(self.decks))
        as_a = self.pairs[index.index((row, col))]
        as_b = self.pairs[index.index((col, row))]
        wins = as_a.wins.get("A", 0) + as_b.wins.get("B", 0)
        draws = as_a.wins.get("draw", 0) + as_b.wins.get("draw", 0)
        return rate_dict(wins, draws, as_a.games + as_b.games)

    def deck_rate(self, deck: int) -> dict[str, Any]:
        """A deck's results against all the others together."""
        cells = [self.cell(deck, other) for other in range(len(self.decks)) if other != deck]
        return rate_dict(sum(c["wins"] for c in cells), sum(c["draws"] for c in cells),
                         sum(c["games"] for c in cells))

    def as_dict(self) -> dict[str, Any]:
        n = len(self.decks)
        first, low, high = self.overall.first_player_rate()
        return {
            "format": self.format_id, "decks": self.decks, "agents": list(self.agents),
            "games_per_pair": self.games, "seed": self.seed, "games": self.overall.games,
            "matrix": [[self.cell(r, c) if r != c else None for c in range(n)]
                       for r in range(n)],
            "deck_win_rates": {self.decks[d]: self.deck_rate(d) for d in range(n)},
            "pairs": [pair_dict(self.decks[a], self.decks[b], report)
                      for (a, b), report in zip(matrix_pairs(n), self.pairs, strict=True)],
            "first_player": {**self.overall.first_player, "win_rate": round(first, 4),
                             "ci95": [round(low, 4), round(high, 4)]},
            "game_length": length_dict(self.overall),
            "cards": self.card_rows(),
            "script_errors": self.overall.script_errors,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.overall.games / self.seconds, 2) if self.seconds else None,
        }

    def card_rows(self) -> list[dict[str, Any]]:
        """One row per deck and card used, sorted: uses per game of its deck, and its side's
        win rate in the games it was used against the deck's overall rate."""
        deck_games = self.games * 2 * (len(self.decks) - 1)
        baseline = {d: self.deck_rate(i)["win_rate"] for i, d in enumerate(self.decks)}
        rows = []
        for deck in self.decks:
            for card, total in sorted(self.cards.get(deck, {}).items()):
                used = rate_dict(total["wins"], total["draws"], total["games"])
                rows.append({
                    "deck": deck, "card": card, "name": self.card_names.get(card, card),
                    **{c: total[c] for c in COUNTERS},
                    "per_game": {c: round(total[c] / deck_games, 3) for c in COUNTERS},
                    "games_used": total["games"],
                    "used_share": round(total["games"] / deck_games, 4),
                    "win_rate_used": used["win_rate"], "ci95_used": used["ci95"],
                    "deck_win_rate": baseline[deck],
                })
        return rows

    def table(self) -> list[str]:
        """The matrix and the headline figures as lines of text (the terminal's report)."""
        width = max(8, *(len(d) for d in self.decks))
        lines = [f"{self.format_id}: {self.games} games per pair and seating, "
                 f"{self.overall.games} games; row deck's win rate (95% CI)"]
        lines.append(" " * width + "".join(f"  {d[:20]:>20}" for d in self.decks))
        for r, deck in enumerate(self.decks):
            cells = []
            for c in range(len(self.decks)):
                if r == c:
                    cells.append(f"  {'—':>20}")
                    continue
                cell = self.cell(r, c)
                low, high = cell["ci95"]
                text = f"{cell['win_rate']:.0%} ({low:.0%}–{high:.0%})"
                cells.append(f"  {text:>20}")
            lines.append(f"{deck:<{width}}" + "".join(cells))
        first, low, high = self.overall.first_player_rate()
        lines.append(f"first player's win rate {first:.1%} (95% CI {low:.1%} – {high:.1%})")
        length = length_dict(self.overall)
        lines.append(f"game length: mean {length['mean']} turns, median {length['median']}, "
                     f"{length['min']}–{length['max']}")
        return lines


def run_matrix(registry: Registry, format_id: str, decks: Sequence[DeckList], *, games: int,
               seed: int = 0, agents: Sequence[str] = ("greedy", "greedy"), workers: int = 1,
               backend: str = "local", address: str | None = None,
               batch_size: int | None = None,
               on_progress: Callable[[int], None] | None = None) -> MatrixReport:
    """Play `games` games for every ordered pair of `decks` (seeds `seed`… for each), all the
    pairs' batches on one pool; the report is the same for any workers and backend."""
    from vgcore.parallel import default_batch_size, plan_batches, run_batches

    names = check_matrix_decks(registry, format_id, decks)
    pairs = matrix_pairs(len(decks))
    teams = registry.engine(format_id).seat_layout.team_ids()
    size = batch_size or min(games, default_batch_size(games * len(pairs), workers, backend))
    batches = []
    for match, (a, b) in enumerate(pairs):
        dealt = registry.deal_decks(format_id, [decks[a], decks[b]])
        batches += plan_batches(registry, format_id, dealt, agents, games=games, seed=seed,
                                workers=workers, backend=backend, batch_size=size,
                                card_stats=True, match=match)
    report = MatrixReport(format_id, names, tuple(agents), games, seed,
                          [SimulationReport() for _ in pairs])
    start = time.perf_counter()
    for batch, records in run_batches(registry, batches, workers=workers, backend=backend,
                                      address=address, on_progress=on_progress):
        a, b = pairs[batch.match]
        deck_of_team = {teams[0]: names[a], teams[1]: names[b]}
        for record in records:
            report.pairs[batch.match].add(record)
            report.overall.add(record)
            add_card_uses(report.cards, record, deck_of_team)
    report.seconds = time.perf_counter() - start
    report.card_names = {card: registry.db[card].name for deck in report.cards.values()
                         for card in deck if card in registry.db}
    return report


def check_matrix_decks(registry: Registry, format_id: str,
                       decks: Sequence[DeckList]) -> list[str]:
    """The decks' names, once each; a deck the format refuses raises `DeckError`."""
    names = [d.name for d in decks]
    if len(decks) < 2:
        raise SimulationError(f"--matrix needs at least two decks; got {len(decks)}"
                              + (f" ({names[0]})" if names else ""))
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SimulationError(f"a deck appears twice in the matrix: {', '.join(twice)}")
    for deck in decks:
        problems = registry.deck_violations(deck, format_id)
        if problems:
            raise DeckError(deck.name, problems)
    return names


def rate_dict(wins: int, draws: int, games: int) -> dict[str, Any]:
    """Wins, draws and games with the win rate (draw = half) and its 95% Wilson interval."""
    rate = (wins + 0.5 * draws) / games if games else 0.0
    low, high = wilson_interval(rate, games) if games else (0.0, 0.0)
    return {"games": games, "wins": wins, "draws": draws, "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)]}


def pair_dict(deck_a: str, deck_b: str, report: SimulationReport) -> dict[str, Any]:
    first, low, high = report.first_player_rate()
    return {"a": deck_a, "b": deck_b, "games": report.games, "wins": report.wins,
            "first_player_win_rate": round(first, 4),
            "first_player_ci95": [round(low, 4), round(high, 4)],
            "avg_turns": round(report.turns / report.games, 2) if report.games else 0.0,
            "limits": report.limits}


def length_dict(report: SimulationReport) -> dict[str, Any]:
    """The distribution of game lengths in turns (a histogram and its summary)."""
    lengths = [t for t, n in sorted(report.turn_counts.items()) for _ in range(n)]
    if not lengths:
        return {"turns": {}, "mean": 0.0, "median": 0.0, "min": 0, "max": 0, "limits": {}}
    return {"turns": {str(t): n for t, n in sorted(report.turn_counts.items())},
            "mean": round(statistics.fmean(lengths), 2),
            "median": statistics.median(lengths), "min": lengths[0], "max": lengths[-1],
            "limits": dict(sorted(report.limits.items()))}


def write_report(data: dict[str, Any], directory: Path) -> list[Path]:
    """report.json and the self-contained report.html in `directory` (made if missing)."""
    from vgcore.balancehtml import render

    directory.mkdir(parents=True, exist_ok=True)
    json_path, html_path = directory / "report.json", directory / "report.html"
    json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    html_path.write_text(render(data), encoding="utf-8")
    return [json_path, html_path]
