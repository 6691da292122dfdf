"""Replays: format + decks + seed + answers + engine version, verified by state hashes.

A replay stores only the answers to real (non-forced) decisions and, for `--verify`, the state
hash seen at each of them. Re-running the answers on the same engine must reproduce every
hash; the first difference is reported with the decision where it happened.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vgcore.decks import DeckList
from vgcore.errors import VgError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import Seat

REPLAY_VERSION = 1


class ReplayError(VgError):
    """A replay file is malformed, or re-running it diverged from what it recorded."""


@dataclass(slots=True)
class Replay:
    format: str
    seed: int
    decks: dict[Seat, DeckList]
    answers: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    result: str | None = None
    first_player: Seat | None = None
    engine_version: str = ""

    def to_json(self) -> dict[str, Any]:
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
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Replay:
        try:
            return cls(
                format=data["format"], seed=int(data["seed"]),
                decks={seat: deck_from_json(d) for seat, d in data["decks"].items()},
                answers=list(data["answers"]), hashes=list(data.get("hashes", [])),
                result=data.get("result"), first_player=data.get("first_player"),
                engine_version=data.get("engine_version", ""),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"malformed replay: {exc!r}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        try:
            return cls.from_json(json.loads(Path(path).read_text()))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None


def deck_to_json(deck: DeckList) -> dict[str, Any]:
    data = asdict(deck)
    data.pop("source", None)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def deck_from_json(data: Mapping[str, Any]) -> DeckList:
    return DeckList(name=data["name"], format=data.get("format"),
                    first_vanguard=data.get("first_vanguard"), main=tuple(data["main"]),
                    ride_deck=tuple(data.get("ride_deck", ())),
                    g_deck=tuple(data.get("g_deck", ())), description=data.get("description", ""))


def record(registry: Registry, format_id: str, decks: Sequence[DeckList], seed: int,
           choose: Callable[[Game], str], *, first_player: Seat | None = None) -> Replay:
    """Play a game with `choose` answering every decision and keep it as a replay."""
    from vgcore import __version__

    dealt = registry.deal_decks(format_id, decks)
    game = registry.new_game(format_id, list(dealt.values()), seed, first_player=first_player)
    replay = Replay(format_id, seed, dealt, first_player=first_player,
                    engine_version=__version__)
    while not game.is_terminal:
        replay.hashes.append(game.state.state_hash())
        answer = choose(game)
        replay.answers.append(answer)
        game.apply(answer)
    replay.result = game.state.result
    return replay


def run(registry: Registry, replay: Replay, *, verify: bool = False,
        on_step: Callable[[Game, str], None] | None = None) -> Game:
    """Re-run a replay; with `verify`, compare the state hash at every decision."""
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
    return game
