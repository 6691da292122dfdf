"""Starting a game from a written board (SCENARIOS.md §3): no shuffle, no draw, no set-up.

Used by scenario files, the Python scenario builder and frontends that offer puzzles. The
board is exactly as written; the game starts at the beginning of the named phase of the named
turn, with both vanguards face up.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from vgcore.engine import Engine
from vgcore.errors import ScenarioError
from vgcore.game import Game, empty_state
from vgcore.limits import LimitReached
from vgcore.types import GC, VC, Phase, Seat, Zone
from vgcore.yamlio import DocPath, describe

# Zones whose cards lie face down unless written otherwise, as in a game set up from decks.
FACE_DOWN_ZONES = frozenset({Zone.DECK, Zone.RIDE_DECK})


class BoardError(ScenarioError):
    """A board that cannot be built; `path` leads from the board's root to the culprit.

    Scenario files turn `path` into a line and column; Python callers read the message.
    """

    def __init__(self, message: str, path: DocPath = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = tuple(path)


CARD_REF_KEYS = frozenset({"card", "rested", "face_up", "owner"})


def parse_card_ref(ref: Any) -> tuple[str, bool | None, bool]:
    """`ID`, `ID/down` or `{card: ID, rested: bool, face_up: bool, owner: seat}` → (id,
    face_up, rested); `put` reads `owner` (default: the seat whose zone it is in).

    `face_up` is None when the reference does not say, so the zone's default applies.
    """
    if isinstance(ref, Mapping):
        unknown = set(ref) - CARD_REF_KEYS
        if unknown or "card" not in ref:
            raise BoardError(f"a card is written as ID, ID/down or {{card: ID, rested: bool, "
                             f"face_up: bool, owner: seat}}; got {describe(dict(ref))}")
        card_id, face_up, _ = parse_card_ref(ref["card"])
        if "face_up" in ref:
            face_up = bool(ref["face_up"])
        return card_id, face_up, bool(ref.get("rested", False))
    if not isinstance(ref, str) or not ref:
        raise BoardError(f"a card is written as ID, ID/down or {{card: ID, rested: bool}}; "
                         f"got {describe(ref)}")
    if ref.endswith("/down"):
        return ref[: -len("/down")], False, False
    return ref, None, False


def game_from_board(engine: Engine, board: Mapping[str, Any], *, turn: int = 1,
                    player: Seat | None = None, phase: str = Phase.MAIN,
                    seed: int = 0) -> Game:
    """A game whose state is `board`, about to begin `phase` of `turn` for `player` (default:
    the first seat, A or A1).

    Every seat needs a vanguard: without one no unit could ever attack, and a game whose
    decisions are all forced would run turns for ever before the first question.
    """
    game = Game(engine, empty_state(engine, seed))
    st = game.state
    player = player or st.seats[0]
    index = start_step(engine, turn=turn, player=player, phase=phase)
    unknown_seats = [s for s in board if s not in st.seats]
    if unknown_seats:
        raise BoardError(f"unknown seat {unknown_seats[0]!r} in board; seats: "
                         + ", ".join(st.seats), (unknown_seats[0],))
    # Plugins add their circles and zones here, so a board may place cards on them.
    engine.hook.vgcore_setup_game(game=game, decks=None)
    for seat in st.seats:
        side = board.get(seat) or {}
        if not isinstance(side, Mapping):
            raise BoardError(f"{seat}'s side of the board must be a mapping of zones", (seat,))
        place_side(game, seat, side)
        if game.vanguard(seat) is None:
            raise BoardError(f"{seat} has no vanguard: every seat needs `vanguard: <id>`",
                             (seat,))
    st.turn = turn
    st.turn_player = player
    st.first_player = engine.seat_layout.first_player_of_turn(player, turn)
    st.phase = phase
    st.stack = [{"k": "game", "s": 1}, {"k": "turn", "i": index, "started": True}]
    # The turn frame announces a phase only when it changes; the first one is announced here.
    # It is the game's first procedure step: a runaway-game limit met there ends the game.
    game.in_procedure = True
    try:
        game.emit("phase", seat=player, phase=phase, turn=turn)
        # Rule actions see the written board first: six damage on it has already lost.
        game.check_rules()
    except LimitReached as reached:
        game.runaway(reached)
    finally:
        game.in_procedure = False
    game.advance()
    return game


def start_step(engine: Engine, *, turn: int, player: Seat, phase: str) -> int:
    """Check a start (turn, player, phase); the index of the first turn step of `phase`."""
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise BoardError(f"start turn must be a whole number from 1, not {describe(turn)}")
    seats = engine.seat_layout.seats
    if player not in seats:
        raise BoardError(f"start player must be one of {', '.join(seats)}, not "
                         f"{describe(player)}")
    steps = engine.turn_steps
    index = next((i for i, s in enumerate(steps) if s.phase == phase), None)
    if index is None:
        raise BoardError(f"unknown start phase {phase!r}; phases: "
                         + ", ".join(dict.fromkeys(s.phase for s in steps)))
    return index


def place_side(game: Game, seat: Seat, side: Mapping[str, Any]) -> None:
    """Put one seat's written zones into the game, in the order written (deck: top first)."""
    player = game.state.players[seat]
    zones = player.zones
    for key, value in side.items():
        here = (seat, key)
        if key == "vanguard":
            put(game, seat, VC, value, here)
        elif key == "rear":
            if not isinstance(value, Mapping):
                raise BoardError(f"{seat}.rear must map circles to cards, e.g. "
                                 "{RC.FL: <id>}", here)
            for circle, ref in value.items():
                if circle not in player.circles or circle == VC:
                    rears = ", ".join(c for c in player.circles if c != VC)
                    raise BoardError(f"{seat}: unknown rear-guard circle {circle!r}; "
                                     f"circles: {rears}", (*here, circle))
                if ref is not None:
                    put(game, seat, circle, ref, (*here, circle))
        elif key in player.circles:
            if value is not None:
                put(game, seat, key, value, here)
        elif key in ("guardians", GC):
            for i, ref in enumerate(as_list(seat, key, value)):
                put(game, seat, GC, ref, (*here, i), rested=True)
        elif key in zones:
            for i, ref in enumerate(as_list(seat, key, value)):
                put(game, seat, key, ref, (*here, i))
        else:
            known = ["vanguard", "rear", *sorted(z for z in zones if z not in player.circles)]
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "known: " + ", ".join(known)
            raise BoardError(f"{seat}: unknown board key {key!r}; {hint}", here)


def as_list(seat: Seat, key: str, value: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BoardError(f"{seat}.{key} must be a list of card ids", (seat, key))
    return value


def put(game: Game, seat: Seat, zone: str, ref: Any, path: DocPath = (), *,
        rested: bool = False) -> None:
    """Create one written card in `seat`'s `zone`; an unknown id names the id and its place."""
    try:
        card_id, face_up, is_rested = parse_card_ref(ref)
    except BoardError as exc:
        raise BoardError(exc.message, path) from None
    db = game.engine.db
    if card_id not in db:
        close = difflib.get_close_matches(card_id, list(db), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise BoardError(f"unknown card id {card_id!r} (in {seat}.{zone}): neither an "
                         f"installed set nor the scenario's `cards:` defines it{hint} (cards of a "
                         "directory of your own: `--cards DIR`, or list the directory in "
                         "pyproject.toml's `vgcore_card_dirs`)", path)
    if face_up is None:
        face_up = zone not in FACE_DOWN_ZONES
    if game.engine.is_field(zone) and game.unit_at(seat, zone) is not None and zone != GC:
        raise BoardError(f"{seat}.{zone} already holds a unit", path)
    owner = ref.get("owner", seat) if isinstance(ref, Mapping) else seat
    if owner not in game.state.seats:
        raise BoardError(f"unknown owner {owner!r} for {card_id}; seats: "
                         + ", ".join(game.state.seats), path)
    uid = game.create_card(card_id, seat, zone, face_up=face_up, rested=rested or is_rested)
    game.state.owners[uid] = owner  # a card lying on another player's side (e.g. imprisoned)
