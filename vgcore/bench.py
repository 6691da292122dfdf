"""`vgcore bench`: full vanilla games between uniform random agents, measured.

A decision here is what an AI pays for: listing the legal answers, the agent's pick, applying
it and running the game to the next decision. The agent is uniform over the legal answers so
that the benchmark cannot shorten games by steering them. Memory is measured in separate
games under tracemalloc, which would otherwise slow the timed ones.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vgcore.agents import RandomAgent
from vgcore.decks import DeckList
from vgcore.plugins import Registry

CLONE_EVERY = 16
MEMORY_GAMES = 3
STARTUP_RUNS = 3
# Start-up as a user meets it, each in a fresh process: the whole process for the interpreter
# alone, `import vgcore` and one game by the CLI; Registry() with its card data, timed inside.
STARTUP_PROBES = {
    "python_ms": ("-c", "pass"),
    "import_vgcore_ms": ("-c", "import vgcore"),
    "simulate_one_game_ms": ("-m", "vgcore.cli", "simulate", "--games", "1", "--json"),
}
REGISTRY_PROBE = ("import time; from vgcore.plugins import Registry; t = time.perf_counter(); "
                  "Registry().db; print(time.perf_counter() - t)")


@dataclass(slots=True)
class BenchResult:
    games_per_s: float
    decisions_per_s: float
    decisions_per_game: float
    decision_p50_us: float
    decision_p99_us: float
    clone_p95_us: float
    peak_mib_per_game: float
    #: Games per CPU-second of the scripted decks, and their ratio to vanilla games played
    #: alternately with them (`paired_rates`).
    scripted_games_per_s: float | None = None
    scripted_over_vanilla: float | None = None
    #: Scripted games per set that ships two or more decks of the format ("A vs B" → ratio
    #: to vanilla): a booster's decks are measured beside the start decks' pair.
    scripted_by_set: dict[str, dict[str, float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        figures: dict[str, Any] = {
            k: None if getattr(self, k) is None else round(getattr(self, k), 3)
            for k in self.__slots__ if k != "scripted_by_set"}
        figures["scripted_by_set"] = {
            pair: {k: round(v, 3) for k, v in rates.items()}
            for pair, rates in self.scripted_by_set.items()}
        return figures


def startup_times(runs: int = STARTUP_RUNS) -> dict[str, float]:
    """Start-up figures in milliseconds, each the best of `runs` fresh processes (the card
    cache warm: the first process fills it)."""
    import subprocess
    import sys

    def timed(argv: tuple[str, ...]) -> float:
        began = time.perf_counter()
        subprocess.run([sys.executable, *argv], check=True, capture_output=True)
        return (time.perf_counter() - began) * 1000

    subprocess.run([sys.executable, "-c", REGISTRY_PROBE], check=True, capture_output=True)
    times = {name: min(timed(argv) for _ in range(runs)) for name, argv in STARTUP_PROBES.items()}
    times["registry_ms"] = min(
        float(subprocess.run([sys.executable, "-c", REGISTRY_PROBE], check=True,
                             capture_output=True, text=True).stdout) * 1000
        for _ in range(runs))
    return {name: round(ms, 1) for name, ms in times.items()}


def percentile(sorted_values: list[int], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, int(q * len(sorted_values)))
    return float(sorted_values[index])


def has_scripts(registry: Registry, deck: DeckList) -> bool:
    db = registry.db
    return any(db[c].script is not None for c in {*deck.main, *deck.ride_deck} if c in db)


def scripted_decks(registry: Registry, format_id: str) -> tuple[DeckList, DeckList] | None:
    """Two installed decks of the format whose cards have skills, if there are any: the
    format's default decks when both have skills (so the figure follows the same pair as
    sets are added), else the first two by name."""
    pool = [d for d in registry.decks_for(format_id) if has_scripts(registry, d)]
    defaults = registry.default_decks(format_id) if pool else ()
    if defaults and all(has_scripts(registry, d) for d in defaults):
        return defaults
    if not pool:
        return None
    return pool[0], pool[1] if len(pool) > 1 else pool[0]


def set_pairs(registry: Registry, format_id: str) -> dict[str, tuple[DeckList, DeckList]]:
    """Per card set with two or more scripted decks of the format, pairs of its decks that
    between them play every deck once (A–B, C–D, E–A for five), labelled "A vs B"."""
    by_set: dict[str, list[DeckList]] = {}
    for deck in registry.decks_for(format_id):
        if deck.source is not None and has_scripts(registry, deck):
            by_set.setdefault(Path(deck.source).parent.parent.name, []).append(deck)
    pairs: dict[str, tuple[DeckList, DeckList]] = {}
    for decks in by_set.values():
        if len(decks) < 2:
            continue
        for i in range(0, len(decks), 2):
            pair = (decks[i], decks[(i + 1) % len(decks)])
            pairs[f"{pair[0].name} vs {pair[1].name}"] = pair
    return pairs


def vanilla_decks(registry: Registry, format_id: str) -> tuple[DeckList, DeckList]:
    """Two installed decks of the format without skills, else of the format it extends, which
    it plays as well (premium-g: the vanilla premium decks); the format's defaults if none."""
    base: str | None = format_id
    while base is not None:
        pool = [d for d in registry.decks_for(base) if not has_scripts(registry, d)]
        if pool:
            return pool[0], pool[1] if len(pool) > 1 else pool[0]
        base = registry.format(base).extends
    return registry.default_decks(format_id)


def play_random(registry: Registry, format_id: str, decks: tuple[DeckList, DeckList],
                seed: int) -> None:
    """One whole game between random agents, creation included (each game has its own
    runtime)."""
    game = registry.new_game(format_id, decks, seed, validate=False)
    agent = RandomAgent(seed)
    while not game.is_terminal:
        game.apply(agent.choose(game, game.legal_actions()))


def paired_rates(registry: Registry, format_id: str, vanilla: tuple[DeckList, DeckList],
                 scripted: tuple[DeckList, DeckList], games: int, seed: int,
                 on_game: Callable[[], None] | None) -> tuple[float, float]:
    """Games per second of the vanilla and of the scripted decks, played alternately (game i
    of each, then game i + 1 of each, …). Their ratio is what the bench reports, and a machine
    whose speed drifts during a run (other work, a CPU's clock) then slows both alike, where
    timing one side after the other made the ratio swing by a fifth from run to run.

    One game of each side is played first, untimed: what a process does once (importing
    networkx when two abilities are first pending, ~150 ms) is start-up, which the bench
    reports on its own, and in a short run it made the scripted side look a fifth slower."""
    for decks in (vanilla, scripted):
        play_random(registry, format_id, decks, seed - 1)
    spent = [0.0, 0.0]
    clock = time.process_time  # this process's CPU time: what the games cost, not the wait
    for i in range(games):
        for side, decks in enumerate((vanilla, scripted)):
            start = clock()
            play_random(registry, format_id, decks, seed + i)
            spent[side] += clock() - start
        if on_game is not None:
            on_game()
    return games / spent[0], games / spent[1]


def bench(registry: Registry, format_id: str, *, games: int = 200, seed: int = 0,
          on_game: Callable[[], None] | None = None) -> BenchResult:
    """Vanilla games (the decisions measured one by one), then the scripted decks' games, each
    pair played alternately with vanilla games for its ratio (`paired_rates`)."""
    decks = vanilla_decks(registry, format_id)
    engine = registry.engine(format_id)  # build once, outside the timing
    decision_ns: list[int] = []
    clone_ns: list[int] = []
    clock = time.perf_counter_ns
    start = clock()
    for i in range(games):
        game = registry.new_game(format_id, decks, seed + i, validate=False)
        agent = RandomAgent(seed + i)
        n = 0
        while not game.is_terminal:
            t0 = clock()
            options = game.legal_actions()
            game.apply(agent.choose(game, options))
            decision_ns.append(clock() - t0)
            n += 1
            if n % CLONE_EVERY == 0:
                c0 = clock()
                game.clone()
                clone_ns.append(clock() - c0)
        if on_game is not None:
            on_game()
    total_s = (clock() - start) / 1e9
    decision_ns.sort()
    clone_ns.sort()
    scripted = scripted_decks(registry, format_id)
    scripted_rate = scripted_ratio = None
    if scripted is not None:
        for deck in scripted:  # load and validate the scripts outside the timing
            for card_id in {*deck.main, *deck.ride_deck}:
                engine.script(card_id)
        plain, scripted_rate = paired_rates(registry, format_id, decks, scripted, games, seed,
                                            on_game)
        scripted_ratio = scripted_rate / plain
    vanilla_rate = games / total_s
    by_set = {}
    for label, pair in set_pairs(registry, format_id).items():
        plain, rate = paired_rates(registry, format_id, decks, pair, games, seed, on_game)
        by_set[label] = {"games_per_s": rate, "over_vanilla": rate / plain}
    return BenchResult(
        games_per_s=vanilla_rate,
        decisions_per_s=len(decision_ns) / (sum(decision_ns) / 1e9),
        decisions_per_game=len(decision_ns) / games,
        decision_p50_us=percentile(decision_ns, 0.50) / 1000,
        decision_p99_us=percentile(decision_ns, 0.99) / 1000,
        clone_p95_us=percentile(clone_ns, 0.95) / 1000,
        peak_mib_per_game=peak_memory(registry, format_id, seed),
        scripted_games_per_s=scripted_rate,
        scripted_over_vanilla=scripted_ratio,
        scripted_by_set=by_set,
    )


def peak_memory(registry: Registry, format_id: str, seed: int) -> float:
    """The largest traced allocation peak of one whole game, in MiB. One game is played
    first, untraced, so that what a process builds once (shared answers, layouts, modules
    imported on first use) is not counted as a game's."""
    decks = vanilla_decks(registry, format_id)
    warm_up = registry.new_game(format_id, decks, seed, validate=False)
    agent = RandomAgent(seed)
    while not warm_up.is_terminal:
        warm_up.apply(agent.choose(warm_up, warm_up.legal_actions()))
    peaks = []
    for i in range(MEMORY_GAMES):
        tracemalloc.start()
        game = registry.new_game(format_id, decks, seed + i, validate=False)
        agent = RandomAgent(seed + i)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return max(peaks) / (1024 * 1024)
