"""The search agent `mcts`: determinized Monte Carlo search over the answers that matter,
greedy rollouts cut at a horizon and scored by a fitted model of winning.

It searches one ply deep, with sampling where an information-set search would branch: at a
decision worth searching, each round deals the cards the agent's seat cannot see anew
(`Determinizer`, vgcore.determinize: the agent never reads a hidden card), plays every
candidate answer on its own copy of that deal, and lets the greedy agent play every seat until
`horizon` turns after the current one end, or the game does. A finished game scores +1/−1/0,
an unfinished one `evaluation.evaluate`'s estimate. Because every candidate meets the same
deals and the same future chance (common random numbers), the differences between their
scores are the answers' own; greedy's answer stands unless another beats it on those pairs by
more than their standard error — so the agent is greedy improved where the rollouts show a
better answer, never a noisier greedy. (A tree over several plies would need many more
rollouts than the ~100 ms of a decision allow: one rollout to the end of the next turn costs
2–5 ms.)

Decisions that cannot change much — one answer, set-up, heals, picks of an effect's targets,
a gift's circle — are answered by greedy at once, and calls that differ only by an equivalent
empty circle are searched once, so the time goes where a choice matters: guards, attacks,
boosts, calls, rides, triggers, costs and "may" abilities.

The default budget is a number of iterations, so a game with a fixed seed is reproducible on
any machine; `ms` stops starting rounds after that time (then the answers depend on the
machine's speed). Agent specs (`mcts:iterations=64`, `mcts:ms=100,horizon=0`) are read by
`vgcore.agents.make_agent`; docs/agents.md has the measured strength.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from vgcore.agents.evaluation import evaluate
from vgcore.agents.greedy import GreedyAgent
from vgcore.determinize import Determinizer

if TYPE_CHECKING:
    from vgcore.decisions import Action
    from vgcore.game import Game
    from vgcore.types import Seat

#: Decision kinds answered by greedy without search: set-up, and choices whose outcome is
#: fixed or small (a heal's damage card, an effect's picks, a gift's circle).
QUICK_KINDS: Final = frozenset({"first-vanguard", "mulligan", "heal", "choose", "place",
                                "gift-circle", "g-assist", "stride-cost"})

#: The most candidate answers searched at one decision (greedy's answer always among them).
MAX_CANDIDATES: Final = 8


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one searched decision may cost: `iterations` rollouts in all (rounds of one
    rollout per candidate answer; at least one round), `horizon` turns after the current one
    before a rollout is scored, and `ms` when given: no round begins past that many
    milliseconds (then the answer depends on the machine's speed)."""

    iterations: int = 24
    ms: float | None = None
    horizon: int = 1

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.ms is not None and not (0 < self.ms < math.inf):
            raise ValueError(f"ms must be positive, got {self.ms}")
        if self.horizon < 0:
            raise ValueError(f"horizon must be 0 or more turns, got {self.horizon}")


#: The options an `mcts:` spec takes, and their types.
BUDGET_OPTIONS: Final[dict[str, type]] = {"iterations": int, "ms": float, "horizon": int}


class MctsAgent:
    """Determinized Monte Carlo search with greedy rollouts (module docstring)."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.rng = random.Random(seed)
        self.policy = GreedyAgent(seed)
        self.searched = 0  # decisions searched, and their iterations (for reports)
        self.iterations = 0

    @classmethod
    def from_options(cls, seed: int, options: Mapping[str, str]) -> MctsAgent:
        """An agent from spec options (`iterations=64`, `ms=100`, `horizon=1`)."""
        unknown = sorted(set(options) - set(BUDGET_OPTIONS))
        if unknown:
            raise ValueError(f"unknown mcts option {unknown[0]!r}; options: "
                             + ", ".join(BUDGET_OPTIONS))
        values: dict[str, int | float] = {}
        for key, text in options.items():
            kind = BUDGET_OPTIONS[key]
            try:
                values[key] = kind(text)
            except ValueError:
                expected = "a whole number" if kind is int else "a number"
                raise ValueError(f"mcts option {key}={text!r}: expected {expected}") from None
        return cls(seed, Budget(**values))  # type: ignore[arg-type]

    def choose(self, game: Game, options: list[Action]) -> Action:
        d = game.decision
        assert d is not None
        fallback = self.policy.choose(game, options)
        if len(options) == 1 or d.kind in QUICK_KINDS:
            return fallback
        candidates = self.candidates(game, options, fallback)
        if len(candidates) == 1:
            return fallback
        return self.search(game, d.seat, candidates, fallback)

    def candidates(self, game: Game, options: list[Action], fallback: Action) -> list[Action]:
        """The answers worth searching: every one, save that calls to a circle already taken
        or the same card to a second empty circle of the same row are left out (greedy's
        answer is always kept)."""
        d = game.decision
        assert d is not None
        seen: set[tuple[str, ...]] = set()
        out = [fallback]
        layout = game.state.players[d.seat].circles
        for a in options:
            if a == fallback:
                continue
            if a.verb == "call" and len(a.args) == 2 and a.args[1] in layout:
                circle = a.args[1]
                if game.unit_at(d.seat, circle) is not None:
                    continue
                key = ("call", a.args[0], layout[circle][0])
                if key in seen:
                    continue
                seen.add(key)
            out.append(a)
        return out[:MAX_CANDIDATES]

    def search(self, game: Game, seat: Seat, candidates: list[Action],
               fallback: Action) -> Action:
        """Rounds of one deal each: every candidate is played on its own copy of the same
        deal (common random numbers, so that the candidates' differences are the answers',
        not the deals'). Greedy's answer (`candidates[0]`) stands unless another beats it on
        those pairs by more than their standard error."""
        budget = self.budget
        deadline = None if budget.ms is None else time.perf_counter() + budget.ms / 1000
        determinizer = Determinizer(game, seat)
        stop_turn = game.state.turn + 1 + budget.horizon
        rounds = max(1, budget.iterations // len(candidates))
        values: list[list[float]] = [[] for _ in candidates]
        for r in range(rounds):
            if deadline is not None and r and time.perf_counter() > deadline:
                break
            deal = determinizer.sample(self.rng)
            for i, answer in enumerate(candidates):
                twin = deal.clone()
                twin.apply(answer)
                values[i].append(self.rollout(twin, seat, stop_turn))
        self.searched += 1
        self.iterations += len(values[0]) * len(candidates)
        return candidates[best_paired(values, 0)]

    def rollout(self, game: Game, seat: Seat, stop_turn: int) -> float:
        """Greedy plays every seat until `stop_turn` begins or the game ends; the result
        (or the estimate) from `seat`'s side."""
        policy = self.policy
        st = game.state
        while st.result is None and st.turn < stop_turn:
            d = st.decision
            assert d is not None
            game.apply(policy.choose(game, d.options))
        return evaluate(game, seat)


def best_paired(values: list[list[float]], base: int) -> int:
    """The candidate whose mean advantage over `base` on the same deals is largest, if that
    advantage exceeds its standard error (one deal: any advantage); else `base`."""
    best, best_gain = base, 0.0
    reference = values[base]
    n = len(reference)
    for i, row in enumerate(values):
        if i == base:
            continue
        diffs = [a - b for a, b in zip(row, reference, strict=True)]
        mean = sum(diffs) / n
        margin = 0.0
        if n > 1:
            margin = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n)
        if mean > margin and mean > best_gain:
            best, best_gain = i, mean
    return best
