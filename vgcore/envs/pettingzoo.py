"""A PettingZoo AEC environment: every seat of a vgcore game is an agent.

A thin adapter (the classic-environment shape: metadata, spaces, reset, step, observe): the
engine does the rules, the `Encoder` turns `view(agent)` into arrays, and an action is the
index of one of the pending decision's answers (`action_mask` marks them). Rewards are the
game's `returns()` when it ends; a format limit met ends it too (a draw, never truncation).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from vgcore.envs.board import answer_strings, board_text
from vgcore.envs.encoding import Encoder, Sizes
from vgcore.errors import DeckError, IllegalActionError
from vgcore.plugins import DeckChoice, Registry, default_registry
from vgcore.rng import Pcg32

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.types import Seat

SEED_LIMIT = 2**31 - 1


def observation_space(encoder: Encoder) -> spaces.Dict:
    """{"observation": {name: int16 Box}, "action_mask": int8 Box} for one agent."""
    arrays = {name: spaces.Box(-32767, 32767, shape, dtype=np.int16)
              for name, shape in encoder.shapes.items()}
    return spaces.Dict({
        "observation": spaces.Dict(arrays),
        "action_mask": spaces.Box(0, 1, (encoder.sizes.actions,), dtype=np.int8),
    })


class GameSetup:
    """A format and decks checked once, then games started from seeds without re-checking."""

    def __init__(self, format: str, decks: Sequence[DeckChoice] | None,
                 registry: Registry | None, sizes: Sizes | None) -> None:
        self.registry = registry or default_registry()
        self.format = format
        self.engine = self.registry.engine(format)
        dealt = self.registry.deal_decks(format, decks)
        for deck in dict.fromkeys(dealt.values()):
            problems = self.registry.deck_violations(deck, format)
            if problems:
                raise DeckError(deck.name, problems)
        self.decks = tuple(dealt.values())
        self.encoder = Encoder(self.engine, sizes)
        self.seats: list[Seat] = list(self.engine.seat_layout.seats)
        self._seeds: Pcg32 | None = None

    def game_seed(self, seed: int | None) -> int:
        """The next game's seed: `seed` itself, else drawn from the last seed given (so a
        seeded run of resets is reproducible), else from the OS at the first reset."""
        if seed is not None:
            if isinstance(seed, bool) or not 0 <= int(seed) <= SEED_LIMIT:
                raise ValueError(f"seed must be an int in 0..{SEED_LIMIT}, got {seed!r}")
            self._seeds = Pcg32(int(seed), stream=29)
            return int(seed)
        if self._seeds is None:
            self._seeds = Pcg32(secrets.randbelow(SEED_LIMIT), stream=29)
        return self._seeds.below(SEED_LIMIT)

    def new_game(self, seed: int) -> Game:
        return self.registry.new_game(self.format, self.decks, seed=seed, validate=False)


def answer_for(game: Game, action: Any) -> int:
    """The answer index an action names; anything else raises `IllegalActionError`."""
    options = game.legal_actions()
    try:
        index = int(action)
    except (TypeError, ValueError):
        index = -1
    if isinstance(action, bool) or index != action or not 0 <= index < len(options):
        raise IllegalActionError(str(action), [f"{i}: {a}" for i, a in enumerate(options)],
                                 "an action is the index of a legal answer (action_mask)")
    return index


class VanguardAECEnv(AECEnv):  # type: ignore[misc]
    """One vgcore game per episode; the agents are its seats ("A", "B"; tag: "A1"…"B2")."""

    metadata = {"name": "vgcore_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, format: str = "d-standard", decks: Sequence[DeckChoice] | None = None,
                 *, registry: Registry | None = None, sizes: Sizes | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or "
                             f"None, got {render_mode!r}")
        self.setup = GameSetup(format, decks, registry, sizes)
        self.render_mode = render_mode
        self.possible_agents = list(self.setup.seats)
        self.observation_spaces = {a: observation_space(self.setup.encoder)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.setup.encoder.sizes.actions)
                              for a in self.possible_agents}
        self.game: Game | None = None

    def observation_space(self, agent: Seat) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: Seat) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = self.setup.new_game(self.setup.game_seed(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        if self.game.is_terminal:  # a game may end at set-up (a format limit of 0 answers)
            self._finish(self.agents[0])
        else:
            self.agent_selection = self.game.current_player

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._live_game()
        game.apply(answer_for(game, action))
        self._cumulative_rewards[agent] = 0.0
        if game.is_terminal:
            self._finish(agent)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = game.current_player
        self._accumulate_rewards()

    def observe(self, agent: Seat) -> dict[str, Any]:
        return self.setup.encoder.encode(self._live_game(), agent)

    def legal_answers(self) -> list[str]:
        """The current agent's answers as action strings, in action-index order."""
        return answer_strings(self._live_game())

    def render(self) -> str | None:
        """The board as the agent to move sees it (render_mode "ansi"), the terminal's drawing."""
        if self.render_mode is None:
            return None
        return board_text(self._live_game(), self.agent_selection)

    def close(self) -> None:
        self.game = None

    def _finish(self, last: Seat) -> None:
        """The game is over: every seat gets its return and is terminated."""
        game = self._live_game()
        self.rewards = dict(zip(self.possible_agents, game.returns(), strict=True))
        self.terminations = dict.fromkeys(self.agents, True)
        order = self.possible_agents
        self.agent_selection = order[(order.index(last) + 1) % len(order)]

    def _live_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first: the environment holds no game")
        return self.game


def pettingzoo_env(format: str = "d-standard", decks: Sequence[DeckChoice] | None = None,
                   **kwargs: Any) -> VanguardAECEnv:
    """A PettingZoo AEC environment of `format` with `decks` (one per seat, names or files;
    None: the format's defaults). Keywords: `registry`, `sizes`, `render_mode`."""
    return VanguardAECEnv(format, decks, **kwargs)
