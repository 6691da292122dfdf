"""Orders (RULES.md §2): normal orders in your main phase, blitz orders in the guard step,
set orders that stay in the order zone; one order per turn, grade at most your vanguard's.

An order card's script declares its effect as `vg.act { order = true, cost = …, effect = … }`
(the `order` validity key is this plugin's). The core never offers such an ACT; this plugin
offers `order <id>` instead, moves the card to the order zone while it resolves (so it cannot
pay its own cost), and afterwards puts a normal or blitz order into the drop, or leaves a set
order where it is and announces `order_set` (for "when this card is put into the order zone").
A World (`order_type: world`) is a set order.

Alchemagic: while a CONT puts its player in the state `can_alchemagic` (D-BT01-009), a normal
order played from hand may bind a normal order of another name from the drop and be played
with it as one, answered `order <id> alchemagic <drop id>`: the costs are paid together (the
whole must be payable), then the bound order's effect runs after the played one's (the core's
`with` resolution). While it resolves its player is in the state `alchemagic`, which cards
read as "if played with Alchemagic"; the turn state `alchemagic_no_soul_blast` (entered by an
effect, D-BT01-023) waives every Soul Blast part of the next Alchemagic's costs and ends there.

Asked at every main-phase and guard question with an order in hand, this module is compiled
with the engine where vgcore is built (setup.py `COMPILED`); the hooks that register it, and
the validity check marked with `judges`, are in `__init__.py` (a compiled function cannot carry
a marker).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from vgcore import actions
from vgcore.abilities import start_resolution
from vgcore.carddb import SET_ORDER_TYPES, CardRecord
from vgcore.costs import can_pay, can_pay_together
from vgcore.decisions import Action, shared_action
from vgcore.engine import FrameKind
from vgcore.game import Game
from vgcore.selectors import Ctx, condition_holds, in_state, may_be_in_state
from vgcore.types import Zone

PLAYED_IN = {"normal": "main", "set": "main", "prison": "main", "world": "main",
             "blitz": "guard"}
COUNT_FLAG = "orders_played"  # {"turn": n, "count": k} on the player
CAN_ALCHEMAGIC = "can_alchemagic"  # player state a card's CONT gives (D-BT01-009)
DURING_ALCHEMAGIC = "alchemagic"  # player state while an Alchemagic play resolves
NO_SOUL_BLAST = "alchemagic_no_soul_blast"  # turn state: the next Alchemagic skips SB (-023)
ALCHEMAGIC_WORD = "alchemagic"  # the answer: `order <id> alchemagic <drop id>`
PLUGIN_DATA = "vgcore_dera.orders"  # its key in `GameIndex.plugin_data`
# The keys of `order_plays`'s tables, made once (not a tuple built per listing).
PLAYS_KEYS = {kind: (PLUGIN_DATA, kind) for kind in ("main", "guard")}


def played_at(kind: str) -> Callable[[CardRecord], bool]:
    """A test of the cards that are orders played at this kind of decision (the plugin's
    option gate per kind: a hand of normal orders is not asked about at a guard step)."""
    return lambda card: card.kind == "order" and PLAYED_IN.get(card.order_type or "") == kind


def order_ability(game: Game, card_id: str) -> Any:
    """The order's ability (its ACT marked `order`), or None. The game's own scripts first
    (`GameIndex.scripts`, every scripted card of the game)."""
    script = game.index.scripts.get(card_id) or game.engine.script(card_id)
    if script is None:
        return None
    for ability in script.abilities:
        if ability.kind == "act" and ability.spec.get("order"):
            return ability
    return None


class OrderPlay(NamedTuple):
    """What listing an order needs of its card, worked out once per game's cards: its name
    and grade, its order ability, that ability's condition and cost (None: it has none), and
    whether it may Alchemagic (a normal order played in the main phase)."""

    name: str
    grade: int
    ability: Any
    condition: Any
    cost: Any
    alchemagic: bool


def order_plays(game: Game, kind: str) -> dict[str, OrderPlay]:
    """By card id, the game's orders played at this kind of decision that have an order
    ability. Kept in the game's index (shared by the games of the same cards and their
    clones): listing orders is asked at every main-phase and guard question with an order in
    hand, and a card's record and script do not change during a game."""
    key = PLAYS_KEYS.get(kind) or (PLUGIN_DATA, kind)
    plays = game.index.plugin_data.get(key)
    if plays is None:
        plays = game.index.plugin_data[key] = {}
        for card in game.index.distinct:
            if card.kind != "order" or PLAYED_IN.get(card.order_type or "") != kind:
                continue
            ability = order_ability(game, card.id)
            if ability is not None:
                spec = ability.spec
                plays[card.id] = OrderPlay(card.name, card.grade or 0, ability,
                                           spec.get("condition"),
                                           spec.get("cost") or None,
                                           kind == "main" and card.order_type == "normal")
    return plays


def orders_this_turn(game: Game, seat: str) -> int:
    played = game.state.players[seat].flags.get(COUNT_FLAG)
    return played["count"] if played and played["turn"] == game.state.turn else 0


def order_options(game: Game, seat: str, kind: str) -> list[Action]:
    """`order <id>` for each order in hand the seat may play at this kind of decision. Asked
    at every main phase and guard question where the seat holds such an order: its card data
    comes from `order_plays`, and the hand is walked once."""
    st = game.state
    player = st.players[seat]
    played = player.flags.get(COUNT_FLAG)
    if (played and played["turn"] == st.turn
            and played["count"] >= game.engine.format.max_orders_per_turn):
        return []
    plays = order_plays(game, kind)
    card_ids = st.card_ids
    first: dict[str, int] = {}  # by card id, the first copy in hand of each order of this kind
    for uid in player.zones[Zone.HAND]:
        card_id = card_ids[uid]
        if card_id in plays and card_id not in first:
            first[card_id] = uid
    if not first:
        return []
    vg = game.vanguard(seat)
    max_grade = game.grade(vg) if vg is not None else 0
    options: list[Action] = []
    for card_id, uid in first.items():  # in hand order: the answers are sorted below
        play = plays[card_id]
        if play.grade > max_grade:
            continue
        ctx = Ctx(seat, uid)
        if play.condition is not None and not condition_holds(game, ctx, play.condition):
            continue
        if play.alchemagic and may_be_in_state(game, seat, CAN_ALCHEMAGIC):
            options.extend(shared_action("order", (card_id, ALCHEMAGIC_WORD, other))
                           for other in alchemagic_partners(game, seat, uid, play.ability))
        if play.cost is not None and not can_pay(game, ctx, play.cost):
            continue
        options.append(shared_action("order", (card_id,)))
    # In their strings' order: an Action sorts as its (verb, args) tuple, the same order for
    # these answers (one verb; a card id holds no character below a space) without writing
    # each string out.
    return sorted(options) if len(options) > 1 else options


def alchemagic_partners(game: Game, seat: str, uid: int, ability: Any) -> list[str]:
    """The ids of the normal orders in the drop that the order `uid` may Alchemagic with: of
    another name, their condition met, and both costs payable together; none unless the
    player may Alchemagic now (asked after the drop is seen to hold a candidate: the state
    is a CONT's, worked out anew after every event; in a game where nothing can give it, not
    even the drop is looked at)."""
    if not may_be_in_state(game, seat, CAN_ALCHEMAGIC):
        return []  # nothing in this game can let the player Alchemagic (most games)
    st = game.state
    plays = order_plays(game, "main")  # the game's orders, those that may Alchemagic marked
    card_ids = st.card_ids
    name = game.card(uid).name
    # (card id, uid, its order): the drop's normal orders of another name
    candidates: list[tuple[str, int, OrderPlay]] = []
    for other in st.players[seat].zones[Zone.DROP]:
        play = plays.get(card_ids[other])
        if play is not None and play.alchemagic and play.name != name:
            candidates.append((card_ids[other], other, play))
    if not candidates or not in_state(game, seat, CAN_ALCHEMAGIC):
        return []
    waive = waived(game, seat)
    out: list[str] = []
    for card_id, other, partner in candidates:
        if card_id in out:
            continue
        there = Ctx(seat, other)
        if partner.condition is not None and not condition_holds(game, there,
                                                                 partner.condition):
            continue
        costs = [(Ctx(seat, uid), ability.spec.get("cost", ())), (there, partner.cost or ())]
        if can_pay_together(game, costs, waive):
            out.append(card_id)
    return out


def waived(game: Game, seat: str) -> frozenset[str]:
    """The cost kinds the next Alchemagic skips (D-BT01-023: every Soul Blast)."""
    return frozenset({"soul_blast"}) if in_state(game, seat, NO_SOUL_BLAST) else frozenset()


def play_order(game: Game, seat: str, card_id: str, bound_id: str | None = None) -> None:
    """Play an order from hand (with `bound_id`: Alchemagic with that order of the drop)."""
    st = game.state
    uid = next(u for u in st.players[seat].zones[Zone.HAND] if st.card_ids[u] == card_id)
    card = game.engine.db[card_id]
    flags = st.players[seat].flags
    flags[COUNT_FLAG] = {"turn": st.turn, "count": orders_this_turn(game, seat) + 1}
    actions.move(game, uid, seat, Zone.ORDER)
    extra = {} if bound_id is None else {"alchemagic": bound_id}
    game.emit("order", seat=seat, card=card_id, uid=uid, order_type=card.order_type, **extra)
    ability = order_ability(game, card_id)
    pa: dict[str, Any] = {"id": 0, "uid": uid, "card": card_id, "ab": ability.number,
                          "seat": seat, "event": None, "act": True}
    frame: dict[str, Any] = {"k": "order_done", "uid": uid, "seat": seat}
    if bound_id is not None:
        pa = alchemagic(game, seat, pa, bound_id)
        frame["alchemagic"] = True
    game.push(frame)
    start_resolution(game, pa)


def alchemagic(game: Game, seat: str, pa: dict[str, Any], bound_id: str) -> dict[str, Any]:
    """Bind the partner from the drop and make the played order's resolution carry it."""
    st = game.state
    bound = next(u for u in st.players[seat].zones[Zone.DROP] if st.card_ids[u] == bound_id)
    actions.move(game, bound, st.owners[bound], Zone.BIND)
    game.emit("put", seat=seat, card=bound_id, uid=bound, to="bind", how="alchemagic",
              **{"from": Zone.DROP})
    game.emit("alchemagic", seat=seat, card=pa["card"], uid=pa["uid"], bound=bound_id,
              bound_uid=bound)
    waive = sorted(waived(game, seat))
    set_state(game, seat, NO_SOUL_BLAST, None)  # "the next time" only
    set_state(game, seat, DURING_ALCHEMAGIC, game.state.turn)
    partner = {"id": 0, "uid": bound, "card": bound_id,
               "ab": order_ability(game, bound_id).number, "seat": seat, "event": None,
               "act": True}
    if waive:
        pa, partner = {**pa, "waive": waive}, {**partner, "waive": waive}
    return {**pa, "with": partner}


WORLD_STATES = ("abyssal_dark_night", "dark_night")


def world_state(game: Game, seat: str) -> str | None:
    """The player's World state now (a World's CONT gives it), for views; None: no World."""
    return next((name for name in WORLD_STATES if in_state(game, seat, name)), None)


def set_state(game: Game, seat: str, name: str, turn: int | None) -> None:
    """Enter (this turn) or leave a named player state (the core's `states` flag)."""
    states = dict(game.state.players[seat].flags.get("states", {}))
    if turn is None:
        states.pop(name, None)
    else:
        states[name] = turn
    game.state.players[seat].flags["states"] = states


def run_order_done(game: Game, frame: dict[str, Any]) -> None:
    """After an order resolves: normal and blitz orders to the drop, set orders stay."""
    game.pop()
    uid, seat = frame["uid"], frame["seat"]
    st = game.state
    if frame.get("alchemagic"):
        set_state(game, seat, DURING_ALCHEMAGIC, None)
    if st.loc[uid] != (seat, Zone.ORDER):
        return  # the effect moved it already
    if (game.card(uid).order_type or "") in SET_ORDER_TYPES:
        game.emit("order_set", seat=seat, card=st.card_ids[uid], uid=uid)
    else:
        actions.move(game, uid, st.owners[uid], Zone.DROP)
        game.emit("put", seat=seat, card=st.card_ids[uid], uid=uid, to="drop",
                  **{"from": Zone.ORDER})


FRAMES = {"order_done": FrameKind(run_order_done, interruptible=False,
                                  fields=(("uid", "uid", True), ("seat", "seat", True),
                                          ("alchemagic", "flag", False)))}
