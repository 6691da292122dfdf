"""How good a position is for one seat: a logistic model of winning, fitted on greedy games.

A search agent cuts its rollouts short and needs a number for an unfinished game. The model
reads a few public facts as differences between the seat's team and the other team — damage
(and its square: the danger grows towards the loss), cards in hand, units on the field, the
vanguard's grade, being one damage from losing, and whose turn it is — and gives the chance
of winning, here as a value in [-1, 1]. `WEIGHTS` were fitted by `fit_weights` (iteratively
reweighted least squares, pure Python) on positions of greedy-vs-greedy games in premium,
v-standard and d-standard, each labelled with the game's winner:

    python -m vgcore.agents.evaluation --games 300

prints the weights and the fit's log-loss (0.693 is a coin). Only the search uses the model;
rules and views never do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from vgcore.types import Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.plugins import Registry
    from vgcore.types import Seat

FEATURES: Final = ("bias", "damage", "damage_squared", "hand", "units", "grade", "last_damage",
                   "turn")

#: Fitted by `fit_weights` on 300 greedy games of each of premium, v-standard, d-standard
#: (log-loss 0.583).
WEIGHTS: Final = (0.0, 0.030, -3.186, 0.091, 0.274, 0.424, 0.049, 0.211)


def features(game: Game, seat: Seat) -> list[float]:
    """The model's inputs for `seat`: its team's facts minus the other team's."""
    st = game.state
    teams = game.engine.seat_layout.teams
    mine = teams[seat]
    lose_at = game.engine.format.damage_to_lose
    out = [1.0] + [0.0] * (len(FEATURES) - 2)
    for s in st.seats:
        sign = 1.0 if teams[s] == mine else -1.0
        zones = st.players[s].zones
        damage = len(zones[Zone.DAMAGE])
        vanguard = game.vanguard(s)
        out[1] += sign * damage
        out[2] += sign * damage * damage / (lose_at * lose_at)
        out[3] += sign * len(zones[Zone.HAND])
        out[4] += sign * sum(1 for _ in game.units(s))
        out[5] += sign * (game.grade(vanguard) if vanguard is not None else 0)
        out[6] += sign * (damage >= lose_at - 1)
    out.append(1.0 if teams[st.turn_player] == mine else -1.0)
    return out


def evaluate(game: Game, seat: Seat, weights: Sequence[float] = WEIGHTS) -> float:
    """`seat`'s prospects in [-1, 1]: the result once the game is over (a win +1, a loss -1,
    a draw 0), else twice the model's chance of winning minus one."""
    st = game.state
    if st.result is not None:
        if st.result == "draw":
            return 0.0
        return 1.0 if st.result == game.engine.seat_layout.teams[seat] else -1.0
    z = sum(w * f for w, f in zip(weights, features(game, seat), strict=True))
    return 2.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - 1.0


# -- fitting ------------------------------------------------------------------------------


def fit_weights(registry: Registry, formats: Sequence[str], games: int, *, seed: int = 5000,
                every: int = 6) -> tuple[list[float], float]:
    """Play `games` greedy games per format, take every `every`-th position of each seat
    labelled with whether that seat won (drawn games left out), and fit the model:
    the weights and the mean log-loss."""
    from vgcore.agents.greedy import GreedyAgent

    data: list[tuple[list[float], float]] = []
    for format_id in formats:
        for i in range(games):
            game = registry.new_game(format_id, seed=seed + i)
            agent = GreedyAgent(seed + i)
            positions: list[tuple[Seat, list[float]]] = []
            step = 0
            while not game.is_terminal:
                if step % every == 0 and game.state.turn >= 1:
                    positions += [(s, features(game, s)) for s in game.state.seats]
                game.apply(agent.choose(game, game.legal_actions()))
                step += 1
            if game.result in (None, "draw"):
                continue
            teams = game.engine.seat_layout.teams
            data += [(f, float(teams[s] == game.result)) for s, f in positions]
    if not data:
        raise ValueError("no decided game to fit the model on")
    return logistic_fit(data)


def logistic_fit(data: Sequence[tuple[Sequence[float], float]], *, l2: float = 1e-3,
                 rounds: int = 12) -> tuple[list[float], float]:
    """Logistic regression by Newton's method (a small ridge keeps it defined): the weights
    and the mean log-loss of the last round."""
    d = len(data[0][0])
    w = [0.0] * d
    loss = 0.0
    for _ in range(rounds):
        hessian = [[l2 if i == j else 0.0 for j in range(d)] for i in range(d)]
        grad = [l2 * x for x in w]
        loss = 0.0
        for f, y in data:
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, f, strict=True))))
            p = 1.0 / (1.0 + math.exp(-z))
            loss -= y * math.log(p + 1e-12) + (1.0 - y) * math.log(1.0 - p + 1e-12)
            s = p * (1.0 - p)
            for i in range(d):
                grad[i] += (p - y) * f[i]
                fi = f[i] * s
                row = hessian[i]
                for j in range(d):
                    row[j] += fi * f[j]
        step = solve(hessian, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w, loss / len(data)


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """x with matrix · x = rhs (Gauss–Jordan with partial pivoting; the matrix is small)."""
    n = len(rhs)
    m = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if m[c][c] == 0.0:
            raise ValueError("singular system: a feature never varies")
        for r in range(n):
            if r != c:
                factor = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= factor * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def main(argv: Sequence[str] | None = None) -> None:
    import argparse

    from vgcore.plugins import Registry

    parser = argparse.ArgumentParser(description="Fit the search agents' position model.")
    parser.add_argument("--games", type=int, default=300, help="greedy games per format")
    parser.add_argument("--formats", default="premium,v-standard,d-standard")
    args = parser.parse_args(argv)
    weights, loss = fit_weights(Registry(), args.formats.split(","), args.games)
    print("features:", ", ".join(FEATURES))
    print("weights: (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    print(f"log-loss: {loss:.4f}")


if __name__ == "__main__":
    main()
