"""A Gymnasium single-agent environment: the learner holds one seat, an agent plays the rest.

The observation and action are the PettingZoo environment's (vgcore.envs.encoding): the
learner's view as arrays and the index of one of its legal answers. Between two of the
learner's answers the opponent agent (`greedy` by default, seeded from the game's seed)
answers every other seat's questions — at a tag fight its partner's too. The reward is the
learner's `returns()` entry when the game ends. Registered as "vgcore/Vanguard-v0".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces

from vgcore.agents import Agent, make_agent
from vgcore.envs.board import answer_strings, board_text
from vgcore.envs.encoding import Sizes
from vgcore.envs.pettingzoo import SEED_LIMIT, GameSetup, answer_for, observation_space
from vgcore.errors import IllegalActionError
from vgcore.plugins import DeckChoice, Registry

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from vgcore.game import Game
    from vgcore.types import Seat

ENV_ID = "vgcore/Vanguard-v0"
ILLEGAL = ("lose", "raise")


class VanguardGymEnv(gymnasium.Env[dict[str, Any], int]):  # type: ignore[misc]
    """One game per episode from `seat`'s side against `opponent`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, format: str = "d-standard", decks: Sequence[DeckChoice] | None = None,
                 *, opponent: str | Agent = "greedy", seat: Seat | None = None,
                 illegal_action: str = "lose", registry: Registry | None = None,
                 sizes: Sizes | None = None, render_mode: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or "
                             f"None, got {render_mode!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, "
                             f"got {illegal_action!r}")
        self.setup = GameSetup(format, decks, registry, sizes)
        self.seat: Seat = seat if seat is not None else self.setup.seats[0]
        if self.seat not in self.setup.seats:
            raise ValueError(f"seat {self.seat!r} is not a seat of {format}; the seats are "
                             + ", ".join(self.setup.seats))
        if isinstance(opponent, str):
            make_agent(opponent)  # an unknown name fails here, not at the first reset
        self.opponent_spec = opponent
        self.opponent: Agent | None = None
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = observation_space(self.setup.encoder)
        self.action_space = spaces.Discrete(self.setup.encoder.sizes.actions)
        self.game: Game | None = None
        self._over = True
        self._mask: NDArray[np.int8] | None = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_LIMIT))
        self.game = self.setup.new_game(game_seed)
        spec = self.opponent_spec
        self.opponent = make_agent(spec, game_seed) if isinstance(spec, str) else spec
        self._over = False
        self._play_others()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self._live_game()
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            index = answer_for(game, action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._over = True  # an illegal answer loses (the masked-action convention)
            return self._observe(), -1.0, True, False, {"illegal_action": True}
        game.apply(index)
        self._play_others()
        reward = 0.0
        if game.is_terminal:
            self._over = True
            reward = game.returns()[self.setup.seats.index(self.seat)]
        return self._observe(), reward, game.is_terminal, False, {}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions as booleans (the method masked-PPO implementations ask for)."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask.astype(bool)

    def legal_answers(self) -> list[str]:
        """The learner's answers as action strings, in action-index order."""
        return answer_strings(self._live_game())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return board_text(self._live_game(), self.seat)

    def close(self) -> None:
        self.game = None

    def _play_others(self) -> None:
        game, opponent = self._live_game(), self.opponent
        assert opponent is not None
        while not game.is_terminal and game.current_player != self.seat:
            game.apply(opponent.choose(game, game.legal_actions()))

    def _observe(self) -> dict[str, Any]:
        obs = self.setup.encoder.encode(self._live_game(), self.seat)
        self._mask = obs["action_mask"]
        return obs

    def _live_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first: the environment holds no game")
        return self.game


def gymnasium_env(format: str = "d-standard", decks: Sequence[DeckChoice] | None = None,
                  opponent: str | Agent = "greedy", **kwargs: Any) -> VanguardGymEnv:
    """A Gymnasium environment of `format` where the learner plays `seat` (default the first)
    against `opponent` (an agent name or object). Keywords: `seat`, `illegal_action`
    ("lose" or "raise"), `registry`, `sizes`, `render_mode`."""
    return VanguardGymEnv(format, decks, opponent=opponent, **kwargs)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="vgcore.envs.gymnasium:VanguardGymEnv")
