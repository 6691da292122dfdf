"""Primitive game actions: the only code that moves cards, and each one logs its event.

Handlers of the turn procedure and (later) ability steps are built from these, so the event
log, last-known information and rule-action flags stay right no matter who moved a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from vgcore.history import note_new_object
from vgcore.types import GC, TOKEN, VC, CircleName, Seat, Uid, Zone

if TYPE_CHECKING:
    from vgcore.game import Game


class Move(NamedTuple):
    """One card's zone change, as zone listeners see it (hook `vgcore_zone_listeners`):
    `sent_to` is the zone it was sent to, `zone` where it went (they differ when a move
    replacement sent it elsewhere)."""

    uid: Uid
    from_seat: Seat
    from_zone: str
    seat: Seat
    zone: str
    sent_to: str


_TUPLE_NEW: Final = tuple.__new__
_MOVE: Final = Move  # the class as a constant: a named tuple's is a module lookup per read


def move(game: Game, uid: Uid, seat: Seat, zone: str, *, face_up: bool = True,
         rested: bool = False, bottom: bool = True) -> None:
    """Put one card into `seat`'s `zone` (at the bottom/end unless `bottom` is False).

    Leaving the field ends the card's life as a unit: its modifiers go away (a card that
    leaves the field becomes a new object). Moving between circles keeps them. Plugins'
    move replacements may send the card elsewhere; zone listeners hear of the move. A token
    sent off the field, wherever to, ceases to exist instead: it is kept out of the game
    (`Zone.CEASED`) and `Game.tell_moves` logs `token_ceased` after the event of the move.
    """
    st = game.state
    old_seat, old_zone = st.loc[uid]
    if old_zone == Zone.CEASED:
        return  # a token that ceased to exist goes nowhere
    sent_to = zone
    for replace in game.engine.move_replacements:
        instead = replace(game, uid, seat, zone)
        if instead is not None:
            seat, zone = instead
            break
    source = st.players[old_seat].zones[old_zone]
    source.remove(uid)
    if old_zone == Zone.DECK and not source:
        game.rules_dirty = True
    ceased = False
    was_field = game.is_field(old_seat, old_zone)
    to_field = game.is_field(seat, zone)
    if not (was_field and to_field):
        note_new_object(game, uid)  # circle to circle it stays the same card (RULES.md §1)
    if was_field and not to_field:
        if st.modifiers:
            st.modifiers = [m for m in st.modifiers if m[0] != uid]
        game.drop_grants(uid=uid)
        if game.card(uid).kind == TOKEN:  # it ceases to exist (tell_moves logs it)
            seat, zone, ceased = st.owners[uid], Zone.CEASED, True
            st.players[seat].zones.setdefault(zone, [])
    target = st.players[seat].zones[zone]
    if bottom:
        target.append(uid)
    else:
        target.insert(0, uid)
    st.loc[uid] = (seat, zone)
    st.face_up[uid] = face_up
    st.rested[uid] = rested
    if zone == Zone.DAMAGE:
        game.rules_dirty = True
    index = game.index
    lists = index.lists_held.get(uid)
    if lists is not None:
        forget_placed(game, lists)
    if ceased or (index.zone_listeners
                  and index.hears_move(game, old_seat, old_zone, seat, zone)):
        # tuple.__new__: the named tuple's own __new__ is a Python frame (decisions.new_action)
        game.moves.append(_TUPLE_NEW(_MOVE, (uid, old_seat, old_zone, seat, zone, sent_to)))


def top_of_deck(game: Game, seat: Seat) -> Uid | None:
    deck = game.state.players[seat].zones[Zone.DECK]
    return deck[0] if deck else None


def draw(game: Game, seat: Seat, count: int = 1) -> int:
    """Draw up to `count` cards; returns how many were drawn (an empty deck stops it)."""
    drawn = 0
    for _ in range(count):
        uid = top_of_deck(game, seat)
        if uid is None:
            break
        move(game, uid, seat, Zone.HAND)
        game.emit("draw", seat=seat, card=game.state.card_ids[uid], uid=uid, private=seat)
        drawn += 1
    return drawn


def shuffle_deck(game: Game, seat: Seat) -> None:
    game.state.rng.shuffle(game.state.players[seat].zones[Zone.DECK])
    game.emit("shuffle", seat=seat, zone=Zone.DECK)


def stand(game: Game, uid: Uid, how: str = "rule") -> None:
    """Stand a rested unit; `how` says by what ("rule": the stand phase or another rule,
    "trigger": a stand trigger, "effect": a card's ability), for "stood by a card effect"."""
    if game.state.rested[uid]:
        game.state.rested[uid] = False
        game.emit("stand", seat=game.state.loc[uid][0], circle=game.state.loc[uid][1],
                  card=game.state.card_ids[uid], uid=uid, how=how)


def heal(game: Game, uid: Uid) -> None:
    """Heal one damage card: it goes from the damage zone to the drop (RULES.md §6 heal)."""
    seat = game.state.loc[uid][0]
    move(game, uid, seat, Zone.DROP)
    game.emit("heal", seat=seat, card=game.state.card_ids[uid], uid=uid)


def rest(game: Game, uid: Uid) -> None:
    if not game.state.rested[uid]:
        game.state.rested[uid] = True
        game.emit("rest", seat=game.state.loc[uid][0], circle=game.state.loc[uid][1],
                  card=game.state.card_ids[uid], uid=uid)


def retire(game: Game, uid: Uid) -> None:
    """Put a unit from the field into its owner's drop."""
    seat, circle = game.state.loc[uid]
    owner = game.state.owners[uid]
    move(game, uid, owner, Zone.DROP)
    game.emit("retire", seat=seat, circle=circle, card=game.state.card_ids[uid], uid=uid,
              **{"from": circle})


def call(game: Game, uid: Uid, seat: Seat, circle: CircleName, *, rested: bool = False,
         source: str = "hand", superior: bool = False) -> None:
    """Place a card on a rear-guard circle; a unit already there is retired (RULES.md §5)."""
    occupant = game.unit_at(seat, circle)
    if occupant is not None:
        retire(game, occupant)
    move(game, uid, seat, circle, rested=rested)
    game.emit("call", seat=seat, circle=circle, card=game.state.card_ids[uid], uid=uid,
              source=source, superior=superior)


def ride(game: Game, uid: Uid, seat: Seat, *, source: str = "hand",
         superior: bool = False) -> None:
    """Put a card on VC; the previous vanguard goes to the soul (RULES.md §5 ride step)."""
    old = game.unit_at(seat, VC)
    if old is not None:
        move(game, old, seat, Zone.SOUL)
    move(game, uid, seat, VC)
    game.emit("ride", seat=seat, card=game.state.card_ids[uid], uid=uid, source=source,
              previous=game.state.card_ids[old] if old is not None else None, previous_uid=old,
              previous_from=VC, superior=superior)


def swap_circles(game: Game, seat: Seat, a: CircleName, b: CircleName) -> None:
    """Exchange the units of two circles of one player (either may be empty)."""
    zones = game.state.players[seat].zones
    ua, ub = zones[a][:], zones[b][:]
    zones[a], zones[b] = ub, ua
    held = game.index.lists_held
    for uid, circle in [*((u, a) for u in ub), *((u, b) for u in ua)]:
        game.state.loc[uid] = (seat, circle)
        lists = held.get(uid)
        if lists is not None:
            forget_placed(game, lists)


def forget_placed(game: Game, lists: tuple[str, ...]) -> None:
    """A card of these lists moved: `GameIndex.placed`'s kept answers for them are stale.
    Every change of `GameState.loc` during a game goes through here (`move`,
    `swap_circles`); code that edits it directly must call `Game.cards_changed`."""
    kept = game.placed_memo
    for which in lists:
        if which in kept:
            del kept[which]


def put_guardian(game: Game, uid: Uid, seat: Seat) -> None:
    """Call a guardian from hand, or move an intercepting rear-guard, to GC (rested)."""
    move(game, uid, seat, GC, rested=True)
