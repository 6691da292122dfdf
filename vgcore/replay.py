"""Replays: a whole game kept as format + decks + seed + answers, verified by state hashes.

The engine is deterministic, so a game is fully described by how it started and the answers
given to its real (non-forced) decisions. A `Replay` holds exactly that, plus the state hash
seen before each answer and how the game ended (result and reason). Re-running it on the same
engine must reproduce every hash; with `verify`, the first difference is reported with the
answer where it happened.

    rep = Replay.record(registry, "premium", ["TD01", "TD02"], seed=7,
                        choose=lambda game: str(game.decision.options[-1]))
    rep.save("game.replay.json")
    game = Replay.load("game.replay.json").run(registry, verify=True)

`vgcore simulate --save DIR` and `vgcore play --save FILE` write replay files;
`vgcore replay FILE --verify` re-runs one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vgcore.decisions import Action
from vgcore.decks import DeckList
from vgcore.errors import VgError
from vgcore.game import Game
from vgcore.plugins import DeckChoice, Registry
from vgcore.types import Seat

REPLAY_VERSION = 1


class ReplayError(VgError):
    """A replay file is malformed, or re-running it diverged from what it recorded."""


@dataclass(slots=True)
class Replay:
    """One game as data: enough to play it again exactly (JSON file: `save`/`load`)."""

    format: str
    seed: int
    decks: dict[Seat, DeckList]
    answers: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    result: str | None = None
    first_player: Seat | None = None
    engine_version: str = ""
    result_reason: str | None = None  # Game.result_reason: e.g. "damage", "turn_limit"

    @classmethod
    def record(cls, registry: Registry, format_id: str, decks: Sequence[DeckChoice] | None,
               seed: int, choose: Callable[[Game], str | Action], *,
               first_player: Seat | None = None) -> Replay:
        """Play a game with `choose(game)` answering every decision (an `Action` or an action
        string; decks by name, file or `DeckList`; None: the format's defaults) and keep it."""
        return record(registry, format_id, decks, seed, choose, first_player=first_player)

    def run(self, registry: Registry, *, verify: bool = False,
            on_step: Callable[[Game, str], None] | None = None) -> Game:
        """Play the game again and return it at its end (see the module function `run`)."""
        return run(registry, self, verify=verify, on_step=on_step)

    def finish(self, game: Game) -> None:
        """Note how the recorded game ended: its result and the reason."""
        self.result = game.result
        self.result_reason = game.result_reason

    def to_json(self) -> dict[str, Any]:
        """The replay file's content (`"replay"` is the file format's version)."""
        return {
            "replay": REPLAY_VERSION,
            "engine_version": self.engine_version,
            "format": self.format,
            "seed": self.seed,
            "first_player": self.first_player,
            "decks": {seat: deck_to_json(d) for seat, d in self.decks.items()},
            "answers": list(self.answers),
            "hashes": list(self.hashes),
            "result": self.result,
            "result_reason": self.result_reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Replay:
        """A replay from a file's content; `ReplayError` if a key is missing or wrong."""
        try:
            return cls(
                format=data["format"], seed=int(data["seed"]),
                decks={seat: deck_from_json(d) for seat, d in data["decks"].items()},
                answers=list(data["answers"]), hashes=list(data.get("hashes", [])),
                result=data.get("result"), first_player=data.get("first_player"),
                engine_version=data.get("engine_version", ""),
                result_reason=data.get("result_reason"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"malformed replay: {exc!r}") from None

    def save(self, path: str | Path) -> None:
        """Write the replay as a JSON file (`vgcore replay FILE` re-runs it)."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay file; `ReplayError` names the place of a JSON syntax error."""
        try:
            return cls.from_json(json.loads(Path(path).read_text()))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None


def deck_to_json(deck: DeckList) -> dict[str, Any]:
    """A deck list as a replay stores it: the whole list, so no deck file is needed."""
    data = asdict(deck)
    data.pop("source", None)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def deck_from_json(data: Mapping[str, Any]) -> DeckList:
    """The inverse of `deck_to_json`."""
    return DeckList(name=data["name"], format=data.get("format"),
                    first_vanguard=data.get("first_vanguard"), main=tuple(data["main"]),
                    ride_deck=tuple(data.get("ride_deck", ())),
                    g_deck=tuple(data.get("g_deck", ())), description=data.get("description", ""))


def record(registry: Registry, format_id: str, decks: Sequence[DeckChoice] | None, seed: int,
           choose: Callable[[Game], str | Action], *, first_player: Seat | None = None) -> Replay:
    """Play a game with `choose` answering every decision and keep it as a replay."""
    from vgcore import __version__

    dealt = registry.deal_decks(format_id, decks)
    game = registry.new_game(format_id, list(dealt.values()), seed, first_player=first_player)
    replay = Replay(format_id, seed, dealt, first_player=first_player,
                    engine_version=__version__)
    while not game.is_terminal:
        replay.hashes.append(game.state.state_hash())
        answer = str(choose(game))  # an Action or an action string
        replay.answers.append(answer)
        game.apply(answer)
    replay.finish(game)
    return replay


def run(registry: Registry, replay: Replay, *, verify: bool = False,
        on_step: Callable[[Game, str], None] | None = None) -> Game:
    """Re-run a replay; with `verify`, compare the state hash at every decision and how the
    game ended (raises `ReplayError` at the first difference)."""
    seats = registry.engine(replay.format).seat_layout.seats
    missing = [s for s in seats if s not in replay.decks]
    if missing:
        raise ReplayError(f"the replay has no deck for seat {missing[0]}; format "
                          f"{replay.format!r} seats {', '.join(seats)}")
    game = registry.new_game(replay.format, [replay.decks[s] for s in seats], replay.seed,
                             first_player=replay.first_player)
    for i, answer in enumerate(replay.answers):
        if game.is_terminal:
            raise ReplayError(f"the game ended before answer {i + 1} ({answer!r})")
        if verify and i < len(replay.hashes) and game.state.state_hash() != replay.hashes[i]:
            raise ReplayError(f"state differs before answer {i + 1} ({answer!r}): recorded "
                              f"{replay.hashes[i]}, got {game.state.state_hash()}")
        if on_step is not None:
            on_step(game, answer)
        game.apply(answer)
    if verify and replay.result is not None and game.state.result != replay.result:
        raise ReplayError(f"result differs: recorded {replay.result}, got {game.state.result}")
    if (verify and replay.result_reason is not None
            and game.result_reason != replay.result_reason):
        raise ReplayError(f"the game ended differently: recorded {replay.result_reason}, "
                          f"got {game.result_reason}")
    return game
