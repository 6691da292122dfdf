"""The legion ACT (RULES.md §12): when it is offered and what it does.

In your main phase, if your vanguard has legion (card field `legion: {mate: <name>}`), the
opponent's vanguard is grade 3 or more, your drop holds at least 4 cards and this vanguard has
never legioned: answer `legion`. You then choose the 4 drop cards one at a time (decision
`legion-return`, answers `choose <id>`, through the core's choice helper: never a list of every
4-card combination; a drop of exactly 4 is no choice and is taken unasked), they go back
into your deck, the mate is searched out of the deck (decision `legion-mate` only when cards of
different ids bear the mate's name) and put on VC beside the vanguard, and the deck is shuffled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vgcore import actions
from vgcore.decisions import Action
from vgcore.game import Game
from vgcore.steps import next_pick, picking, start_picks, take_pick
from vgcore.types import VC, Uid, Zone

MATE_ZONE = "legion_mate"      # per seat: the mate standing on VC beside the vanguard
FIELD = "legion"               # card field: {mate: "<the mate's card name>"}
VERB = "legion"                # the main-phase answer
RETURN_COUNT = 4               # drop cards returned to the deck
REQUIRED_GRADE = 3             # the opponent's vanguard must be at least this grade
USED_FLAG = "_legion_used"     # player flag: uids of the leaders that have legioned (hidden:
                               # uids must not reach views)
RETURN_DECISION = "legion-return"
MATE_DECISION = "legion-mate"


# -- queries -------------------------------------------------------------------------------


def mate_name(game: Game, uid: Uid) -> str | None:
    """The name of the mate a card legions with, or None when it has no legion."""
    legion = game.card(uid).extra.get(FIELD)
    return legion["mate"] if isinstance(legion, Mapping) else None


def mate_of(game: Game, seat: str) -> Uid | None:
    """The mate beside `seat`'s vanguard, if that vanguard is in legion."""
    mates = game.state.players[seat].zones.get(MATE_ZONE)
    return mates[0] if mates else None


def named(game: Game, seat: str, zone: str, name: str) -> list[Uid]:
    """`seat`'s cards in `zone` that bear the printed name `name`."""
    return [u for u in game.state.players[seat].zones[zone] if game.card(u).name == name]


def can_legion(game: Game, seat: str) -> bool:
    """Every requirement of the legion ACT holds for `seat` now (RULES.md §12).

    Once per game *per unit*: a leader that has legioned never does again, but another card
    (another copy too) may. The mate must be findable — in the deck, or in the drop so that it
    can be one of the 4 returned — so the answer is never offered as a trap.
    """
    st = game.state
    player = st.players[seat]
    zone = player.zones.get(MATE_ZONE)
    if zone is None or zone:      # no legion card in this deck, or already in legion
        return False
    leader = game.vanguard(seat)
    if leader is None:
        return False
    name = mate_name(game, leader)
    if name is None or not st.face_up[leader] or game.has(leader, "no_abilities"):
        return False
    if leader in player.flags.get(USED_FLAG, ()):
        return False
    foe = game.vanguard(game.opponent(seat))
    if foe is None or game.grade(foe) < REQUIRED_GRADE:
        return False
    if len(player.zones[Zone.DROP]) < RETURN_COUNT:
        return False
    return bool(named(game, seat, Zone.DECK, name) or named(game, seat, Zone.DROP, name))


def legion_options(game: Game, seat: str) -> list[Action]:
    """`legion` in the main phase, only when it can be carried out."""
    return [Action(VERB)] if can_legion(game, seat) else []


# -- the procedure --------------------------------------------------------------------------


def start_legion(game: Game, seat: str) -> None:
    leader = game.vanguard(seat)
    assert leader is not None
    name = mate_name(game, leader)
    frame: dict[str, Any] = {"k": "legion", "seat": seat, "leader": leader, "mate": name}
    start_return(game, frame)
    game.push(frame)


def start_return(game: Game, frame: dict[str, Any]) -> None:
    """The 4 drop cards are picked one at a time (the core's choice helper). When the deck
    holds no mate, the 4 must include a card of the mate's name (weight 1, need 1), so only
    picks that leave that possible are offered."""
    seat, name = frame["seat"], frame["mate"]
    drop = list(game.state.players[seat].zones[Zone.DROP])
    need = 0 if named(game, seat, Zone.DECK, name) else 1
    weights = [int(game.card(u).name == name) for u in drop]
    start_picks(frame, seat, drop, RETURN_COUNT, RETURN_COUNT, weights=weights, need=need)


def run_legion(game: Game, frame: dict[str, Any]) -> None:
    """Ask for the next drop card to return; once 4 are chosen, return them and fetch the
    mate (asking which id only when the deck holds different ids with the mate's name)."""
    seat = frame["seat"]
    if picking(frame):
        picked = next_pick(game, frame, RETURN_DECISION,
                           "Choose a card in your drop to return to your deck.")
        if picked is None:
            return
        return_to_deck(game, seat, picked)
    ids = sorted({game.state.card_ids[u] for u in named(game, seat, Zone.DECK, frame["mate"])})
    if not ids:  # cannot happen when the offer held; the deck is still shuffled
        game.pop()
        actions.shuffle_deck(game, seat)
        return
    game.ask(seat, MATE_DECISION, "Choose the legion mate to put on VC.",
             [Action("choose", (i,)) for i in ids])


def answer_legion(game: Game, frame: dict[str, Any], action: Action) -> None:
    if picking(frame):
        take_pick(game, frame, action)
        return
    seat = frame["seat"]
    st = game.state
    game.pop()
    mate = next(u for u in named(game, seat, Zone.DECK, frame["mate"])
                if st.card_ids[u] == action.args[0])
    place_mate(game, seat, frame["leader"], mate)


def return_to_deck(game: Game, seat: str, uids: list[Uid]) -> None:
    """The chosen drop cards go into their owner's deck (event `put` each)."""
    st = game.state
    for uid in uids:
        owner = st.owners[uid]
        actions.move(game, uid, owner, Zone.DECK, face_up=False)
        game.emit("put", seat=owner, card=st.card_ids[uid], uid=uid, to="deck_bottom",
                  from_seat=seat, how=VERB, **{"from": Zone.DROP})


def place_mate(game: Game, seat: str, leader: Uid, mate: Uid) -> None:
    """The mate is placed on VC (event `place`, so "placed" abilities trigger; it is not
    ridden), in the leader's rested or standing state; then the deck is shuffled and the
    legion is logged (event `legion`)."""
    st = game.state
    actions.move(game, mate, seat, MATE_ZONE, rested=st.rested[leader])
    game.emit("place", seat=seat, circle=VC, card=st.card_ids[mate], uid=mate,
              source=Zone.DECK, how=VERB)
    actions.shuffle_deck(game, seat)
    player = st.players[seat]
    player.flags[USED_FLAG] = [*player.flags.get(USED_FLAG, ()), leader]
    game.emit(VERB, seat=seat, circle=VC, card=st.card_ids[leader], uid=leader,
              mate=st.card_ids[mate], mate_uid=mate)
