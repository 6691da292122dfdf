"""Starting a game (RULES.md §4): first vanguards, shuffles, first player, hands, mulligans.

The `game` frame is the root of the procedure: it runs set-up once, then the turn loop for
ever (the loop ends only when a rule action ends the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vgcore import actions
from vgcore.decisions import Action
from vgcore.framekind import FrameKind
from vgcore.steps import next_pick, picking, start_picks, take_pick
from vgcore.types import VC, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat, Uid

SETUP_STAGES = ("first_vanguard", "shuffle", "first_player", "draw", "mulligan", "stand_up")


def run_game(game: Game, frame: Frame) -> None:
    if frame["s"] == 0:
        frame["s"] = 1
        game.push({"k": "setup", "stage": 0, "i": 0})
    else:
        game.push({"k": "turn", "i": 0})


def run_setup(game: Game, frame: Frame) -> None:
    if frame["stage"] >= len(SETUP_STAGES):
        game.pop()
        return
    STAGE_RUN[SETUP_STAGES[frame["stage"]]](game, frame)


def answer_setup(game: Game, frame: Frame, action: Action) -> None:
    seat = setup_order(game)[frame["i"]]
    if action.verb == "first-vanguard":
        place_first_vanguard(game, seat, action.args[0])
    elif action.verb in ("mulligan", "keep"):
        take_pick(game, frame, action)  # the mulligan stage finishes when the picks do
        return
    next_seat(game, frame)


def next_seat(game: Game, frame: Frame) -> None:
    frame["i"] += 1
    if frame["i"] >= len(game.state.seats):
        frame["i"] = 0
        frame["stage"] += 1


def setup_order(game: Game) -> tuple[Seat, ...]:
    """Seats in the order they act during set-up: the first player first once decided."""
    first = game.state.first_player
    if first is None:
        return game.state.seats
    return game.engine.seat_layout.from_first(first)


# -- stages ------------------------------------------------------------------------------


def stage_first_vanguard(game: Game, frame: Frame) -> None:
    """Each player puts a grade 0 face down on VC: from the ride deck in D, else the deck."""
    seat = setup_order(game)[frame["i"]]
    source = first_vanguard_zone(game)
    chosen = game.state.players[seat].flags.get("first_vanguard")
    db, card_ids = game.engine.records, game.state.card_ids
    candidates = sorted(
        c for c in {card_ids[u] for u in game.state.players[seat].zones[source]}
        if db[c].is_unit and (db[c].grade or 0) == 0)
    if chosen is not None and chosen in candidates:
        place_first_vanguard(game, seat, chosen)
        next_seat(game, frame)
        return
    if not candidates:
        raise RuntimeError(f"seat {seat} has no grade 0 unit to start with")
    game.ask(seat, "first-vanguard", "Choose your first vanguard.",
             [Action("first-vanguard", (c,)) for c in candidates])


def stage_shuffle(game: Game, frame: Frame) -> None:
    for seat in game.state.seats:
        actions.shuffle_deck(game, seat)
    frame["stage"] += 1


def stage_first_player(game: Game, frame: Frame) -> None:
    """Seeded coin flip unless the format or the game fixes the first player (RULES.md §4.3)."""
    st = game.state
    rule = st.flags.get("first_player_rule", "random")
    st.first_player = rule if rule in st.seats else st.seats[st.rng.below(len(st.seats))]
    st.turn_player = st.first_player
    game.emit("first_player", seat=st.first_player)
    frame["stage"] += 1


def stage_draw(game: Game, frame: Frame) -> None:
    for seat in setup_order(game):
        actions.draw(game, seat, game.engine.format.hand_size)
    frame["stage"] += 1


def stage_mulligan(game: Game, frame: Frame) -> None:
    """Each player returns any number of hand cards, one at a time (`mulligan <id>` … `keep`),
    then redraws as many (SCENARIOS.md §2)."""
    seat = setup_order(game)[frame["i"]]
    if not picking(frame):
        hand = game.state.players[seat].zones[Zone.HAND]
        if not start_picks(frame, seat, hand, 0, len(hand), verb="mulligan", stop="keep"):
            mulligan(game, seat, [])
            next_seat(game, frame)
            return
    back = next_pick(game, frame, "mulligan", "Choose a card to redraw, or keep your hand.")
    if back is None:
        return
    mulligan(game, seat, back)
    next_seat(game, frame)


def stage_stand_up(game: Game, frame: Frame) -> None:
    """"Stand up, vanguard!": both first vanguards are turned face up."""
    for seat in game.state.seats:
        uid = game.vanguard(seat)
        if uid is not None:
            game.state.face_up[uid] = True
    game.emit("stand_up", vanguards={s: game.state.card_ids[game.vanguard(s)]
                                     for s in game.state.seats if game.vanguard(s) is not None})
    frame["stage"] += 1


STAGE_RUN = {
    "first_vanguard": stage_first_vanguard,
    "shuffle": stage_shuffle,
    "first_player": stage_first_player,
    "draw": stage_draw,
    "mulligan": stage_mulligan,
    "stand_up": stage_stand_up,
}


# -- helpers -----------------------------------------------------------------------------


def first_vanguard_zone(game: Game) -> str:
    return Zone.RIDE_DECK if game.engine.format.first_vanguard == "ride_deck" else Zone.DECK


def place_first_vanguard(game: Game, seat: Seat, card_id: str) -> None:
    zone = game.state.players[seat].zones[first_vanguard_zone(game)]
    uid = next(u for u in zone if game.state.card_ids[u] == card_id)
    actions.move(game, uid, seat, VC, face_up=False)
    game.emit("first_vanguard", seat=seat, card=card_id, uid=uid, private=seat)


def mulligan(game: Game, seat: Seat, chosen: list[Uid]) -> None:
    """Redraw the chosen cards, per the format's procedure (RULES.md §4.4).

    `shuffle_back` (premium): return them, shuffle, draw as many — they may come back.
    `bottom_then_draw` (V/D): put them on the bottom, draw as many, then shuffle — they cannot.
    Returning no card shuffles nothing.
    """
    card_ids = sorted(game.state.card_ids[u] for u in chosen)
    for uid in chosen:
        actions.move(game, uid, seat, Zone.DECK, face_up=False)
    game.emit("mulligan", seat=seat, count=len(chosen), cards=card_ids, private=seat)
    if not chosen:
        return
    if game.engine.format.mulligan == "shuffle_back":
        actions.shuffle_deck(game, seat)
        actions.draw(game, seat, len(chosen))
    else:
        actions.draw(game, seat, len(chosen))
        actions.shuffle_deck(game, seat)


FRAMES = {
    "game": FrameKind(run_game),
    "setup": FrameKind(run_setup, answer_setup),
}
