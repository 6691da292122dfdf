"""The turn procedure (RULES.md §5): an ordered, pluggable list of steps run by the `turn` frame.

Plugins edit the list through `vgcore_turn_steps` (a stride step after the ride step, a G
assist step after the draw). Each step is a frame kind; the battle phase lives in battle.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from vgcore import actions
from vgcore.abilities import act_options, activate, extra_options
from vgcore.decisions import Action, shared_action
from vgcore.engine import TurnStep
from vgcore.framekind import FrameKind
from vgcore.limits import turn_limit_reached
from vgcore.types import VC, Phase, Until, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat

STANDARD_TURN: Final = (
    TurnStep(Phase.STAND, "stand_phase"),
    TurnStep(Phase.DRAW, "draw_phase"),
    TurnStep(Phase.RIDE, "ride_step"),
    TurnStep(Phase.MAIN, "main_phase"),
    TurnStep(Phase.BATTLE, "battle_phase"),
    TurnStep(Phase.END, "end_phase"),
)


def run_turn(game: Game, frame: Frame) -> None:
    """Start a turn, then run its steps in order; after the last, the next turn begins (unless
    the format's turn limit ends the game first)."""
    st = game.state
    steps = game.engine.turn_steps
    if not frame.get("started"):
        if turn_limit_reached(game):
            return
        frame["started"] = True
        begin_turn(game)
    i = frame["i"]
    if i >= len(steps):
        frame["i"] = 0
        frame["started"] = False
        return
    frame["i"] = i + 1
    step = steps[i]
    if step.phase != st.phase:
        st.phase = step.phase
        game.emit("phase", seat=st.turn_player, phase=step.phase, turn=st.turn)
    game.push({"k": step.kind})


def begin_turn(game: Game) -> None:
    st = game.state
    st.turn += 1
    if st.turn > 1:
        st.turn_player = game.engine.seat_layout.next_turn(st.turn_player)
    for player in st.players.values():
        player.flags.pop("this_turn", None)
    game.emit("turn_start", seat=st.turn_player, turn=st.turn)


def run_stand_phase(game: Game, frame: Frame) -> None:
    """Stand all of the turn player's rested units."""
    game.pop()
    for _circle, uid in list(game.units(game.state.turn_player)):
        actions.stand(game, uid)


def run_draw_phase(game: Game, frame: Frame) -> None:
    """Draw one card; the first player draws on turn 1 too unless the format says otherwise."""
    game.pop()
    st = game.state
    if st.turn == 1 and not game.engine.format.first_player_draws:
        return
    actions.draw(game, st.turn_player, 1)


# -- ride step ---------------------------------------------------------------------------


def run_ride_step(game: Game, frame: Frame) -> None:
    seat = game.state.turn_player
    game.ask(seat, "ride", "Ride a unit, or pass.", ride_options(game, seat))


def ride_options(game: Game, seat: Seat) -> list[Action]:
    """Normal ride from hand (grade equal or one more), and in D from the ride deck."""
    st = game.state
    vg = game.vanguard(seat)
    grade = game.grade(vg) if vg is not None else -1
    zones = st.players[seat].zones
    hand_ids = sorted({st.card_ids[u] for u in zones[Zone.HAND]})
    options = []
    for card_id in hand_ids:
        card = game.records[card_id]
        if card.is_unit and card.grade is not None and grade <= card.grade <= grade + 1:
            options.append(shared_action("ride", (card_id,)))
    if game.engine.format.ride_deck and hand_ids:
        ride_ids = sorted({st.card_ids[u] for u in zones[Zone.RIDE_DECK]
                           if game.card(u).grade == grade + 1})
        for ride_id in ride_ids:
            options.extend(shared_action("ride-deck", (ride_id, h)) for h in hand_ids)
    options.extend(extra_options(game, seat, "ride"))
    options.append(shared_action("pass"))
    return options


def answer_ride_step(game: Game, frame: Frame, action: Action) -> None:
    game.pop()
    seat = game.state.turn_player
    if action.verb == "ride":
        actions.ride(game, take(game, seat, Zone.HAND, action.args[0]), seat)
    elif action.verb == "ride-deck":
        discard(game, seat, action.args[1])
        actions.ride(game, take(game, seat, Zone.RIDE_DECK, action.args[0]), seat,
                     source=Zone.RIDE_DECK)
    elif action.verb != "pass":
        game.engine.apply_extra_option(game, seat, "ride", action)


# -- main phase --------------------------------------------------------------------------


def run_main_phase(game: Game, frame: Frame) -> None:
    seat = game.state.turn_player
    game.ask(seat, "main", "Call, move, act, or go to battle.", main_options(game, seat))


def main_options(game: Game, seat: Seat) -> list[Action]:
    """Normal calls (grade ≤ vanguard's, any rear-guard circle), moves, plugin actions."""
    st = game.state
    vg = game.vanguard(seat)
    grade = game.grade(vg) if vg is not None else 0
    held = st.players[seat].zones
    layout = game.layout(seat)
    rear_circles = layout.rear
    options: list[Action] = []
    # Restrictions (e.g. a locked card's): no call onto its circle, no move with it. Each
    # unit is asked only when something could give the restriction at all.
    locked: set[str] = set()
    unmovable: set[str] = set()
    ask_locked = game.may_have("cannot_be_called_over")
    ask_unmovable = game.may_have("cannot_move")
    if ask_locked or ask_unmovable:
        for c in rear_circles:
            if held[c]:
                if ask_locked and game.has(held[c][0], "cannot_be_called_over"):
                    locked.add(c)
                if ask_unmovable and game.has(held[c][0], "cannot_move"):
                    unmovable.add(c)
    db, card_ids = game.records, st.card_ids
    for card_id in sorted({card_ids[u] for u in held[Zone.HAND]}):
        card = db[card_id]
        if card.is_unit and card.grade is not None and card.grade <= grade:
            if locked:
                options.extend(shared_action("call", (card_id, c)) for c in rear_circles
                               if c not in locked)
            else:
                options.extend(layout.call_actions(card_id))
    partners = layout.partners
    for circle in rear_circles:
        partner = partners.get(circle)
        if held[circle] and partner is not None and partner != VC and (
                not unmovable or not {circle, partner} & unmovable):
            options.append(shared_action("move", (circle,)))
    if game.index.acts or st.flags.get("granted"):
        options.extend(act_options(game, seat))
    options.extend(extra_options(game, seat, "main"))
    options.append(shared_action("battle"))
    return options


def answer_main_phase(game: Game, frame: Frame, action: Action) -> None:
    seat = game.state.turn_player
    verb = action.verb
    if verb == "battle":
        game.pop()
    elif verb == "call":
        card_id, circle = action.args
        actions.call(game, take(game, seat, Zone.HAND, card_id), seat, circle)
    elif verb == "move":
        circle = action.args[0]
        partner = game.column_partner(seat, circle)
        assert partner is not None
        uid = game.unit_at(seat, circle)
        actions.swap_circles(game, seat, circle, partner)
        game.emit("move", seat=seat, circle=circle, to=partner, uid=uid,
                  card=game.state.card_ids[uid] if uid is not None else None)
    elif verb == "act":
        activate(game, seat, action.args[0])
    else:
        game.engine.apply_extra_option(game, seat, "main", action)


# -- end phase ---------------------------------------------------------------------------


def run_end_phase(game: Game, frame: Frame) -> None:
    """"At end of turn" abilities resolve (repeatedly, while new ones trigger), then "until end
    of turn" effects end and the turn passes (RULES.md §5 end phase)."""
    if frame.get("s", 0) == 0:
        frame["s"] = 1
        game.emit("end_phase", seat=game.state.turn_player, turn=game.state.turn)
        return
    game.pop()
    game.end_modifiers(Until.BATTLE)
    game.end_modifiers(Until.TURN)
    game.emit("turn_end", seat=game.state.turn_player, turn=game.state.turn)


# -- shared helpers ----------------------------------------------------------------------


def take(game: Game, seat: Seat, zone: str, card_id: str) -> int:
    """The first copy of `card_id` in one of `seat`'s zones (copies are interchangeable)."""
    st = game.state
    for uid in st.players[seat].zones[zone]:
        if st.card_ids[uid] == card_id:
            return uid
    raise LookupError(f"no {card_id} in {seat}'s {zone}")


def discard(game: Game, seat: Seat, card_id: str) -> None:
    uid = take(game, seat, Zone.HAND, card_id)
    actions.move(game, uid, seat, Zone.DROP)
    game.emit("discard", seat=seat, card=card_id, uid=uid, **{"from": Zone.HAND})


FRAMES: Final = {
    "turn": FrameKind(run_turn),
    "stand_phase": FrameKind(run_stand_phase),
    "draw_phase": FrameKind(run_draw_phase),
    "ride_step": FrameKind(run_ride_step, answer_ride_step),
    "main_phase": FrameKind(run_main_phase, answer_main_phase),
    "end_phase": FrameKind(run_end_phase),
}
