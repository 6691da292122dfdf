"""The G assist step (RULES.md §5, premium): right after the draw, in the draw phase.

It is a frame that the draw phase pushes only when the step is available, rather than an
entry of the turn procedure (`vgcore_turn_steps`): an extra turn step would change the turn
frame's step counter, hence the state (and its hash) of every game, even the many where G
assist never comes up. Pushed only when available, it leaves those games exactly as they were.

Available when the turn player's vanguard is grade 2 or less, their hand holds no card of the
vanguard's grade + 1, and their deck is not empty. The player answers `g-assist` or `pass`.
Using it: the hand is revealed (event `g_assist` lists it), the player looks at the top 5 cards
of the deck and may choose one of grade (vanguard + 1) among them (`choose <id>`, or `done`
for none). A chosen card is revealed and put into the hand (event `g_assist_found`), the deck
is shuffled, then the player chooses 2 cards of the hand one at a time (exactly; fewer only if
the hand is smaller) and removes them from the game (event `removed` each, into the `removed`
zone). If no card is chosen, the looked-at cards simply stay in the deck, which is shuffled.
"""

from __future__ import annotations

from typing import Any

from vgcore import actions, phases
from vgcore.decisions import Action
from vgcore.engine import FrameKind
from vgcore.game import Game
from vgcore.steps import choose_cards, take_pick
from vgcore.types import Zone

STEP = "g_assist_step"
LOOK = 5
REMOVE = 2
MAX_VANGUARD_GRADE = 2


def wanted_grade(game: Game, seat: str) -> int | None:
    """The grade G assist looks for, or None when the step is not available."""
    vg = game.vanguard(seat)
    if vg is None:
        return None
    grade = game.grade(vg)
    if grade > MAX_VANGUARD_GRADE:
        return None
    zones = game.state.players[seat].zones
    if not zones[Zone.DECK]:
        return None
    if any(game.card(u).grade == grade + 1 for u in zones[Zone.HAND]):
        return None
    return grade + 1


def run_g_assist(game: Game, frame: dict[str, Any]) -> None:
    seat = game.state.turn_player
    stage = frame.get("stage", "offer")
    if stage == "offer":
        if wanted_grade(game, seat) is None:
            game.pop()
            return
        game.ask(seat, "g-assist", "Use G assist?", [Action("g-assist"), Action("pass")])
    elif stage == "search":
        found = choose_cards(
            game, frame, seat,
            lambda: [u for u in frame["looked"] if game.card(u).grade == frame["grade"]],
            lambda n: (0, 1), f"Choose a grade {frame['grade']} card to add to your hand.")
        if found is not None:
            finish_search(game, frame, found)
    elif stage == "remove":
        removed = choose_cards(
            game, frame, seat, lambda: list(game.state.players[seat].zones[Zone.HAND]),
            lambda n: (REMOVE, REMOVE), "Choose 2 cards of your hand to remove from the game.")
        if removed is not None:
            game.pop()
            remove(game, seat, removed)


def answer_g_assist(game: Game, frame: dict[str, Any], action: Action) -> None:
    seat = game.state.turn_player
    st = game.state
    stage = frame.get("stage", "offer")
    if stage == "offer":
        if action.verb == "pass":
            game.pop()
            return
        grade = wanted_grade(game, seat)
        hand = st.players[seat].zones[Zone.HAND]
        game.emit("g_assist", seat=seat, grade=grade,
                  hand=sorted(st.card_ids[u] for u in hand))
        looked = list(st.players[seat].zones[Zone.DECK][:LOOK])
        game.emit("look", seat=seat, zone=Zone.DECK, count=len(looked),
                  cards=[st.card_ids[u] for u in looked], private=seat)
        frame.update(stage="search", grade=grade, looked=tuple(looked))
    else:
        take_pick(game, frame, action)


def remove(game: Game, seat: str, uids: list[int]) -> None:
    """The chosen hand cards leave the game (event `removed` each)."""
    st = game.state
    for uid in uids:
        actions.move(game, uid, seat, Zone.REMOVED)
        game.emit("removed", seat=seat, card=st.card_ids[uid], uid=uid, **{"from": Zone.HAND})


def finish_search(game: Game, frame: dict[str, Any], found: list[int]) -> None:
    seat = game.state.turn_player
    st = game.state
    for uid in found:
        actions.move(game, uid, seat, Zone.HAND)
        game.emit("g_assist_found", seat=seat, card=st.card_ids[uid], uid=uid)
    actions.shuffle_deck(game, seat)
    if found:
        frame["stage"] = "remove"
    else:
        game.pop()


def run_draw_phase(game: Game, frame: dict[str, Any]) -> None:
    """The core draw phase, then the G assist step when it is available."""
    phases.run_draw_phase(game, frame)
    if wanted_grade(game, game.state.turn_player) is not None:
        game.push({"k": STEP})


FRAMES = {
    "draw_phase": FrameKind(run_draw_phase),
    STEP: FrameKind(run_g_assist, answer_g_assist, interruptible=False,
                    fields=(("stage", ("offer", "search", "remove"), False),
                            ("grade", "count", False), ("looked", "uids", False))),
}
