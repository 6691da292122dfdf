"""The OpenSpiel game "vgcore": `import vgcore.envs.openspiel` registers it with pyspiel.

Read top-down like OpenSpiel's own Python games: the game type, the `Game`, the `State`, the
observer. Parameters: `format`, `decks` (deck names or files separated by spaces, one per seat
or one pair; "" = the format's defaults) and `deals` (how many deals the opening chance node
chooses among). The game is turn-based with imperfect information; it is zero-sum when every
outcome's returns add up to 0 (duels and tag fights of two pairs).

Chance: the initial state is one chance node that picks the game's seed (uniformly among
`deals`); every later shuffle and check comes from the engine's PRNG seeded by it, hidden from
the players, so the rest of the game is a deterministic function of that seed and the
answers. An action is the index of one of the pending decision's answers (the action table of
vgcore.envs.encoding). Clone and serialize go through `Game.clone()` and `Game.to_json()` (a
game holds a Lua runtime: it is never deep-copied or pickled), and `resample_from_infostate` /
`resampler()` give OpenSpiel's IS-MCTS games consistent with what a player knows
(`Game.resample`).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from msgspec.json import encode

from vgcore.envs.encoding import Encoder
from vgcore.envs.pettingzoo import GameSetup
from vgcore.plugins import default_registry
from vgcore.views import redact

if TYPE_CHECKING:
    from vgcore.game import Game

GAME_NAME = "vgcore"
DEFAULT_DEALS = 1 << 16
PARAMETERS: dict[str, Any] = {"format": "d-standard", "decks": "", "deals": DEFAULT_DEALS}


def game_type(utility: Any = pyspiel.GameType.Utility.ZERO_SUM) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Cardfight!! Vanguard (vgcore)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


class GameBox:
    """Holds a vgcore `Game` inside an OpenSpiel state: pyspiel clones a Python state by
    deep-copying its attributes, and this copy is `Game.clone()`; pickling goes through
    `to_json()` and the default registry. `digests` keeps, per seat, how many logged events
    its running history digest has read (the log only grows, so each event is read once)."""

    __slots__ = ("digests", "game")

    def __init__(self, game: Game | None) -> None:
        self.game = game
        self.digests: dict[str, tuple[int, Any]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> GameBox:
        box = GameBox(self.game.clone() if self.game is not None else None)
        box.digests = {seat: (n, h.copy()) for seat, (n, h) in self.digests.items()}
        return box

    def history_digest(self, seat: str) -> str:
        """SHA-256 of every logged event as `seat` receives it (views.redact, the view's own
        redaction): the history part of its information state, in 64 characters."""
        game = self.game
        assert game is not None
        log = game.state.log
        n, digest = self.digests.get(seat, (0, None))
        if digest is None:
            digest = hashlib.sha256()
        if n < len(log):
            fields = game.engine.event_card_fields
            for event in log[n:]:
                digest.update(encode(redact(event, seat, fields), order="sorted"))
                digest.update(b"\n")
            self.digests[seat] = (len(log), digest)
        return digest.hexdigest()  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        snapshot = json.dumps(self.game.to_json()) if self.game is not None else None
        return (_restore_box, (snapshot,))


def _restore_box(snapshot: str | None) -> GameBox:
    return GameBox(default_registry().load(snapshot) if snapshot is not None else None)


class VanguardGame(pyspiel.Game):  # type: ignore[misc]
    """A format and its decks; `new_initial_state()` is the chance node that deals."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**PARAMETERS, **(params or {})}
        if "," in str(values["decks"]):
            raise ValueError("separate the decks with spaces, not commas (OpenSpiel's game "
                             f"strings split parameters at commas): {values['decks']!r}")
        decks = str(values["decks"]).split() or None
        self.setup = GameSetup(str(values["format"]), decks, None, None)
        self.deals = int(values["deals"])
        if not 1 <= self.deals <= 1 << 31:
            raise ValueError(f"deals must be in 1..2**31, got {self.deals}")
        self.seats = list(self.setup.seats)
        layout = self.setup.engine.seat_layout
        team_sizes = Counter(layout.teams[s] for s in self.seats).values()
        balanced = len(set(team_sizes)) == 1
        limits = self.setup.engine.format.limits
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.encoder.sizes.actions,
            max_chance_outcomes=self.deals,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if balanced else None,
            max_game_length=(limits.turns_per_player * len(self.seats) + 1)
            * limits.decisions_per_turn + 1,
        )
        utility = (pyspiel.GameType.Utility.ZERO_SUM if balanced
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        super().__init__(game_type(utility), info, values)

    @property
    def encoder(self) -> Encoder:
        return self.setup.encoder

    def new_initial_state(self) -> VanguardState:
        return VanguardState(self)

    def deserialize_state(self, text: str) -> VanguardState:
        """A state from `VanguardState.serialize()`: "deal" before the deal, else the game's
        `to_json()` text."""
        state = VanguardState(self)
        if text != "deal":
            state.box = GameBox(self.setup.registry.load(text))
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> VanguardObserver:
        if params:
            raise ValueError(f"the vgcore observer takes no parameters, got {params}")
        recall = iig_obs_type.perfect_recall if iig_obs_type is not None else False
        return VanguardObserver(self.encoder, perfect_recall=recall)


class VanguardState(pyspiel.State):  # type: ignore[misc]
    """One game: a chance node until dealt, then the vgcore game's decisions."""

    def __init__(self, game: VanguardGame) -> None:
        super().__init__(game)
        self.box = GameBox(None)

    @property
    def vg(self) -> Game:
        """The vgcore game (after the deal)."""
        if self.box.game is None:
            raise RuntimeError("the cards are not dealt yet: apply the chance outcome first")
        return self.box.game

    def current_player(self) -> int:
        g = self.box.game
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if g.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._seats.index(g.current_player)

    @property
    def _seats(self) -> list[str]:
        return self.get_game().seats  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.vg.legal_actions())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.get_game().deals
        p = 1.0 / deals
        return [(seed, p) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.box.game is None:
            self.box = GameBox(self.get_game().setup.new_game(int(action)))
        else:
            self.vg.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        g = self.box.game
        if g is not None and not g.is_terminal and self.current_player() == player:
            options = g.legal_actions()
            if 0 <= action < len(options):
                return str(options[action])
        return f"answer {action}"

    def is_terminal(self) -> bool:
        g = self.box.game
        return g is not None and g.is_terminal

    def returns(self) -> list[float]:
        g = self.box.game
        return g.returns() if g is not None else [0.0] * len(self._seats)

    def serialize(self) -> str:
        g = self.box.game
        return "deal" if g is None else json.dumps(g.to_json(), separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VanguardState:
        """A state `player_id` cannot tell from this one (Game.resample), seeded by a draw
        of OpenSpiel's sampler."""
        seed = int(probability_sampler() * (1 << 32))
        return self.resample(player_id, random.Random(seed))

    def resample(self, player_id: int, rng: random.Random) -> VanguardState:
        clone = VanguardState(self.get_game())
        if self.box.game is not None:
            seat = self._seats[player_id]
            clone.box = GameBox(self.vg.resample(seat, rng))
            # The seat receives the same log in the sample (Game.resample's contract), so
            # its history digest carries over; the other seats' are made anew.
            if seat in self.box.digests:
                n, digest = self.box.digests[seat]
                clone.box.digests[seat] = (n, digest.copy())
        return clone

    def __str__(self) -> str:
        g = self.box.game
        if g is None:
            return "vgcore: before the deal"
        d = g.decision
        return f"{g!r} {d!r}" if d is not None else repr(g)


class VanguardObserver:
    """OpenSpiel's PyObserver for vgcore: `tensor` is the Encoder's arrays (the action mask
    last) as float32; the string is the view (`log=False`) as JSON, and for an information
    state (perfect recall) also a digest of the whole log as the player received it. The
    tensor is the current view either way (a fixed size cannot hold the history)."""

    def __init__(self, encoder: Encoder, *, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        shapes = dict(encoder.shapes)
        shapes["action_mask"] = (encoder.sizes.actions,)
        total = sum(int(np.prod(s)) for s in shapes.values())
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: VanguardState, player: int) -> None:
        self.tensor.fill(0)
        g = state.box.game
        if g is None:
            return
        encoded = self.encoder.encode(g, state._seats[player])
        for name, array in encoded["observation"].items():
            self.dict[name][...] = array
        self.dict["action_mask"][...] = encoded["action_mask"]

    def string_from(self, state: VanguardState, player: int) -> str:
        g = state.box.game
        seat = state._seats[player]
        if g is None:
            return f"{seat}: before the deal"
        now = encode(g.view(seat, log=False), order="sorted").decode()
        if not self.perfect_recall:
            return now
        return f"{now}|history:{state.box.history_digest(seat)}"


def resampler(seed: int = 0) -> Callable[[VanguardState, int], VanguardState]:
    """A resampler for OpenSpiel's Python IS-MCTS (`ISMCTSBot.set_resampler`): each call a
    game consistent with what the player to move knows, drawn from a seeded stream."""
    rng = random.Random(seed)

    def resample(state: VanguardState, player: int) -> VanguardState:
        return state.resample(player, rng)

    return resample


pyspiel.register_game(game_type(), VanguardGame)
