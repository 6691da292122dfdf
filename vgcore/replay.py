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
from vgcore.errors import IllegalActionError, ReplayError
from vgcore.game import Game
from vgcore.plugins import DeckChoice, Registry
from vgcore.types import Seat

REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 16 << 20   # a replay of a long game is < 200 KiB
MAX_ANSWERS = 100_000         # a real game takes a few hundred
MAX_WORDS = 200               # characters of one answer, a name or a card id
SEED_BOUND = 1 << 64          # the PRNG takes 64 bits of seed
REPLAY_KEYS = ("replay", "engine_version", "format", "seed", "first_player", "decks",
               "answers", "hashes", "result", "result_reason", "final_hash", "forfeit")
DECK_KEYS = ("name", "format", "first_vanguard", "main", "ride_deck", "g_deck", "description")


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
    final_hash: str | None = None  # the state hash after the last answer (a stopped game too)
    # A seat that lost from outside the rules after the answers (a host's game): the seat and
    # its reason, one of game.FORFEITS ("concede", "time", "disconnect").
    forfeit: tuple[Seat, str] | None = None

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
        """Note how the recorded game ended (its result and the reason) or where it stopped:
        the state hash after the last answer, which `--verify` compares either way."""
        self.result = game.result
        self.result_reason = game.result_reason
        self.final_hash = game.state.state_hash()

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
            **({"forfeit": {"seat": self.forfeit[0], "reason": self.forfeit[1]}}
               if self.forfeit else {}),
            "final_hash": self.final_hash,
        }

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        """A replay from a file's content; `ReplayError` (one line naming the key) if a key
        is missing, unknown or of the wrong type."""
        if not isinstance(data, Mapping):
            raise ReplayError(f"a replay is a mapping, not {type(data).__name__}")
        missing = [k for k in ("format", "seed", "decks", "answers") if k not in data]
        if missing:
            raise ReplayError("malformed replay: missing " + ", ".join(missing))
        unknown = sorted(str(k) for k in data if k not in REPLAY_KEYS)
        if unknown:
            raise ReplayError("malformed replay: unknown key(s) " + ", ".join(unknown[:5]))
        version = data.get("replay", REPLAY_VERSION)
        if version != REPLAY_VERSION:
            raise ReplayError(f"replay format version {version!r}; this vgcore reads "
                              f"{REPLAY_VERSION}")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ReplayError(f"malformed replay: seed: expected a whole number, got "
                              f"{type(seed).__name__}")
        if not -SEED_BOUND < seed < SEED_BOUND:
            raise ReplayError("malformed replay: seed: larger than 64 bits")
        decks = data["decks"]
        if not isinstance(decks, Mapping):
            raise ReplayError(f"malformed replay: decks: expected a mapping seat -> deck, "
                              f"got {type(decks).__name__}")
        return cls(
            format=_word(data["format"], "format"), seed=seed,
            decks={_word(seat, "decks"): deck_from_json(d, f"decks.{seat}")
                   for seat, d in decks.items()},
            answers=_words(data["answers"], "answers"),
            hashes=[_hash(h, f"hashes[{i}]")
                    for i, h in enumerate(_words(data.get("hashes", []), "hashes"))],
            result=_word(data.get("result"), "result", optional=True),
            first_player=_word(data.get("first_player"), "first_player", optional=True),
            engine_version=_word(data.get("engine_version", ""), "engine_version"),
            result_reason=_word(data.get("result_reason"), "result_reason", optional=True),
            final_hash=None if data.get("final_hash") is None
            else _hash(_word(data["final_hash"], "final_hash"), "final_hash"),
            forfeit=_forfeit(data.get("forfeit")),
        )

    def save(self, path: str | Path) -> None:
        """Write the replay as a JSON file (`vgcore replay FILE` re-runs it)."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay file; `ReplayError` names what is wrong (not UTF-8, not JSON and
        where, too large or deep, a key missing or mistyped)."""
        from vgcore.snapshots import parse_json

        try:
            with Path(path).open("rb") as file:
                raw = file.read(MAX_REPLAY_BYTES + 1)
        except OSError as exc:
            raise ReplayError(f"{path}: cannot read: {exc.strerror}") from None
        if len(raw) > MAX_REPLAY_BYTES:
            raise ReplayError(f"{path}: too large for a replay (over {MAX_REPLAY_BYTES} bytes)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        try:
            return cls.from_json(parse_json(text, "the replay", ReplayError))
        except ReplayError as exc:
            raise ReplayError(f"{path}: {exc}") from None


def _word(value: Any, key: str, *, optional: bool = False) -> Any:
    """A short text field of a replay (None allowed when `optional`)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ReplayError(f"malformed replay: {key}: expected text, got {type(value).__name__}")
    if len(value) > MAX_WORDS:
        raise ReplayError(f"malformed replay: {key}: {len(value)} characters (at most "
                          f"{MAX_WORDS})")
    return value


def _forfeit(value: Any) -> tuple[str, str] | None:
    from vgcore.game import FORFEITS

    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"seat", "reason"}:
        raise ReplayError("malformed replay: forfeit: expected {seat, reason}")
    reason = _word(value["reason"], "forfeit.reason")
    if reason not in FORFEITS:
        raise ReplayError(f"malformed replay: forfeit.reason: one of {', '.join(FORFEITS)}")
    return _word(value["seat"], "forfeit.seat"), reason


def _hash(value: str, key: str) -> str:
    """A state hash as `GameState.state_hash` writes it: 16 hexadecimal digits."""
    if len(value) != 16 or value.strip("0123456789abcdef"):
        raise ReplayError(f"malformed replay: {key}: {value!r} is not a state hash "
                          "(16 hexadecimal digits)")
    return value


def _words(value: Any, key: str) -> list[str]:
    if not isinstance(value, list):
        raise ReplayError(f"malformed replay: {key}: expected a list, got "
                          f"{type(value).__name__}")
    if len(value) > MAX_ANSWERS:
        raise ReplayError(f"malformed replay: {key}: {len(value)} entries (at most "
                          f"{MAX_ANSWERS})")
    return [_word(v, f"{key}[{i}]") for i, v in enumerate(value)]


def deck_to_json(deck: DeckList) -> dict[str, Any]:
    """A deck list as a replay stores it: the whole list, so no deck file is needed."""
    data = asdict(deck)
    data.pop("source", None)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def deck_from_json(data: Any, where: str = "deck") -> DeckList:
    """The inverse of `deck_to_json`; `ReplayError` names a key that is wrong."""
    if not isinstance(data, Mapping):
        raise ReplayError(f"malformed replay: {where}: expected a deck (a mapping), got "
                          f"{type(data).__name__}")
    unknown = sorted(str(k) for k in data if k not in DECK_KEYS)
    if unknown:
        raise ReplayError(f"malformed replay: {where}: unknown key(s) " + ", ".join(unknown))
    if "name" not in data or "main" not in data:
        raise ReplayError(f"malformed replay: {where}: a deck needs 'name' and 'main'")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ReplayError(f"malformed replay: {where}.description: expected text")
    return DeckList(
        name=_word(data["name"], f"{where}.name"),
        format=_word(data.get("format"), f"{where}.format", optional=True),
        first_vanguard=_word(data.get("first_vanguard"), f"{where}.first_vanguard",
                             optional=True),
        main=tuple(_words(data["main"], f"{where}.main")),
        ride_deck=tuple(_words(data.get("ride_deck", []), f"{where}.ride_deck")),
        g_deck=tuple(_words(data.get("g_deck", []), f"{where}.g_deck")),
        description=description)


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
    game ended (raises `ReplayError` at the first difference). Verifying needs something to
    verify: a hash before every answer, the recorded result, and answers up to the end."""
    seats = registry.engine(replay.format).seat_layout.seats
    missing = [s for s in seats if s not in replay.decks]
    if missing:
        raise ReplayError(f"the replay has no deck for seat {missing[0]}; format "
                          f"{replay.format!r} seats {', '.join(seats)}")
    extra = [s for s in replay.decks if s not in seats]
    if extra:
        raise ReplayError(f"the replay has a deck for seat {extra[0]!r}; format "
                          f"{replay.format!r} seats {', '.join(seats)}")
    if replay.first_player is not None and replay.first_player not in seats:
        raise ReplayError(f"the replay's first player {replay.first_player!r} is not a seat; "
                          f"format {replay.format!r} seats {', '.join(seats)}")
    if verify:
        check_verifiable(replay)
    game = registry.new_game(replay.format, [replay.decks[s] for s in seats], replay.seed,
                             first_player=replay.first_player)
    for i, answer in enumerate(replay.answers):
        if game.is_terminal:
            raise ReplayError(f"the game ended before answer {i + 1} ({answer!r})")
        if verify and game.state.state_hash() != replay.hashes[i]:
            raise ReplayError(f"state differs before answer {i + 1} ({answer!r}): recorded "
                              f"{replay.hashes[i]}, got {game.state.state_hash()}")
        if on_step is not None:
            on_step(game, answer)
        try:
            game.apply(answer)
        except IllegalActionError as exc:
            raise ReplayError(f"answer {i + 1} ({answer!r}) is not legal here: {exc}") from None
    if replay.forfeit is not None:
        seat, reason = replay.forfeit
        if game.is_terminal or seat not in seats:
            raise ReplayError(f"the replay's forfeit by {seat!r} comes after the game ended "
                              "or names no seat")
        game.concede(seat, reason)
    if verify:
        check_ending(replay, game)
    return game


def check_verifiable(replay: Replay) -> None:
    """`--verify` of a replay that records nothing to compare fails; it is not "verified"."""
    if replay.result is None and replay.final_hash is None:
        raise ReplayError("nothing to verify: the replay records neither a result nor the "
                          "state it stopped in (final_hash)")
    if len(replay.hashes) != len(replay.answers):
        raise ReplayError(f"nothing to verify: the replay has {len(replay.hashes)} state "
                          f"hashes for {len(replay.answers)} answers (one before each)")


def check_ending(replay: Replay, game: Game) -> None:
    """The re-run ended where and how the recorded game did, or stopped where it stopped."""
    if replay.result is not None and not game.is_terminal:
        d = game.decision
        asked = f"; {d.seat} is asked {d.kind}" if d is not None else ""
        raise ReplayError(f"the answers stop after {len(replay.answers)} before the game "
                          f"ended (it recorded {replay.result}){asked}")
    if game.state.result != replay.result:
        recorded = replay.result or "none (the game was stopped)"
        raise ReplayError(f"result differs: recorded {recorded}, got {game.state.result}")
    if replay.result_reason is not None and game.result_reason != replay.result_reason:
        raise ReplayError(f"the game ended differently: recorded {replay.result_reason}, "
                          f"got {game.result_reason}")
    if replay.final_hash is not None and game.state.state_hash() != replay.final_hash:
        raise ReplayError(f"the state after the last answer differs: recorded "
                          f"{replay.final_hash}, got {game.state.state_hash()}")
