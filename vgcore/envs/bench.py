"""`vgcore bench --env`: environment steps per second through the PettingZoo wrapper.

A step is what a learner's loop does per answer: `env.last()` (the observation built from
the view), then `env.step(index)` with a uniformly random legal index; game ends and resets
are inside the timed loop. The same answers are also timed on the bare engine (`apply`
only) and with the view alone, so the figures say where a step's time goes. Each is timed
after `WARM_UP` untimed steps of other games (fewer for a shorter run): a learner's run is
millions of steps, so the figure is the steady state (scripts loaded, the encoder's kept
rows filled), not the first games.
"""

from __future__ import annotations

import random
import time
from typing import Any

from vgcore.envs.pettingzoo import VanguardAECEnv
from vgcore.plugins import Registry

WARM_UP = 2_000  # untimed steps before each timed run
WARM_UP_SEED = 1_000_000  # the warm-up plays games of other seeds than the timed ones


def env_bench(registry: Registry, format_id: str, *, steps: int = 20_000, seed: int = 0,
              rounds: int = 1) -> dict[str, Any]:
    """Steps/s of the AEC env, of the engine alone and of engine + view, and the bytes of one
    observation, for `steps` random answers from game seeds `seed`, `seed`+1, …, each timed
    `rounds` times in turn: the best of each (a busy machine only ever slows a run down, as
    `timeit` reasons) with every round's figure beside it."""
    env = VanguardAECEnv(format_id, registry=registry)
    warm_up = min(WARM_UP, steps)
    _env_steps(env, warm_up, WARM_UP_SEED)
    _engine_steps(env, warm_up, WARM_UP_SEED, view=True)
    runs: dict[str, list[int]] = {"env": [], "engine_only": [], "engine_and_view": []}
    for _round in range(rounds):
        runs["env"].append(round(_rate(lambda: _env_steps(env, steps, seed), steps)))
        runs["engine_only"].append(round(
            _rate(lambda: _engine_steps(env, steps, seed, view=False), steps)))
        runs["engine_and_view"].append(round(
            _rate(lambda: _engine_steps(env, steps, seed, view=True), steps)))
    figures: dict[str, Any] = {f"{name}_steps_per_s": max(rates) for name, rates in runs.items()}
    if rounds > 1:
        figures["rounds"] = {f"{name}_steps_per_s": rates for name, rates in runs.items()}
    figures["observation_bytes"] = env.setup.encoder.nbytes()
    figures["steps"] = steps
    return figures


def _rate(run: Any, steps: int) -> float:
    start = time.perf_counter()
    run()
    return steps / (time.perf_counter() - start)


def _env_steps(env: VanguardAECEnv, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    game_seed = seed
    env.reset(seed=game_seed)
    done = 0
    while done < steps:
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.randrange(int(obs["action_mask"].sum())))
            done += 1
            if done >= steps:
                return
        game_seed += 1
        env.reset(seed=game_seed)


def _engine_steps(env: VanguardAECEnv, steps: int, seed: int, *, view: bool) -> None:
    rng = random.Random(seed)
    game_seed = seed
    setup = env.setup
    done = 0
    while done < steps:
        game = setup.new_game(game_seed)
        while not game.is_terminal and done < steps:
            if view:
                game.view(game.current_player, log=False)
            game.apply(rng.randrange(len(game.legal_actions())))
            done += 1
        game_seed += 1
