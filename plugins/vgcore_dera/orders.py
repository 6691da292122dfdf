"""Orders (RULES.md §2): normal orders in your main phase, blitz orders in the guard step,
set orders that stay in the order zone; one order per turn, grade at most your vanguard's.

An order card's script declares its effect as `vg.act { order = true, cost = …, effect = … }`
(the `order` validity key is this plugin's). The core never offers such an ACT; this plugin
offers `order <id>` instead, moves the card to the order zone while it resolves (so it cannot
pay its own cost), and afterwards puts a normal or blitz order into the drop, or leaves a set
order where it is and announces `order_set` (for "when this card is put into the order zone").
"""

from __future__ import annotations

from typing import Any

from vgcore import actions
from vgcore.abilities import start_resolution
from vgcore.costs import can_pay
from vgcore.decisions import Action
from vgcore.engine import FrameKind
from vgcore.game import Game
from vgcore.selectors import Ctx, condition_holds
from vgcore.types import Zone

SET_TYPES = frozenset({"set", "prison"})
PLAYED_IN = {"normal": "main", "set": "main", "prison": "main", "blitz": "guard"}
COUNT_FLAG = "orders_played"  # {"turn": n, "count": k} on the player


def order_ability(game: Game, card_id: str) -> Any:
    script = game.engine.script(card_id)
    if script is None:
        return None
    return next((a for a in script.abilities if a.kind == "act" and a.spec.get("order")), None)


def orders_this_turn(game: Game, seat: str) -> int:
    played = game.state.players[seat].flags.get(COUNT_FLAG)
    return played["count"] if played and played["turn"] == game.state.turn else 0


def order_options(game: Game, seat: str, kind: str) -> list[Action]:
    """`order <id>` for each order in hand the seat may play at this kind of decision."""
    st = game.state
    if orders_this_turn(game, seat) >= game.engine.format.max_orders_per_turn:
        return []
    vg = game.vanguard(seat)
    max_grade = game.grade(vg) if vg is not None else 0
    options: list[Action] = []
    for card_id in sorted({st.card_ids[u] for u in st.players[seat].zones[Zone.HAND]}):
        card = game.engine.db[card_id]
        if card.kind != "order" or PLAYED_IN.get(card.order_type or "") != kind:
            continue
        if (card.grade or 0) > max_grade:
            continue
        ability = order_ability(game, card_id)
        if ability is None:
            continue
        uid = next(u for u in st.players[seat].zones[Zone.HAND] if st.card_ids[u] == card_id)
        ctx = Ctx(seat, uid)
        spec = ability.spec
        if "condition" in spec and not condition_holds(game, ctx, spec["condition"]):
            continue
        if spec.get("cost") and not can_pay(game, ctx, spec["cost"]):
            continue
        options.append(Action("order", (card_id,)))
    return options


def play_order(game: Game, seat: str, card_id: str) -> None:
    st = game.state
    uid = next(u for u in st.players[seat].zones[Zone.HAND] if st.card_ids[u] == card_id)
    card = game.engine.db[card_id]
    flags = st.players[seat].flags
    flags[COUNT_FLAG] = {"turn": st.turn, "count": orders_this_turn(game, seat) + 1}
    actions.move(game, uid, seat, Zone.ORDER)
    game.emit("order", seat=seat, card=card_id, uid=uid, order_type=card.order_type)
    ability = order_ability(game, card_id)
    game.push({"k": "order_done", "uid": uid, "seat": seat})
    start_resolution(game, {"id": 0, "uid": uid, "card": card_id, "ab": ability.number,
                            "seat": seat, "event": None, "act": True})


def run_order_done(game: Game, frame: dict[str, Any]) -> None:
    """After an order resolves: normal and blitz orders to the drop, set orders stay."""
    game.pop()
    uid, seat = frame["uid"], frame["seat"]
    st = game.state
    if st.loc[uid] != (seat, Zone.ORDER):
        return  # the effect moved it already
    if (game.card(uid).order_type or "") in SET_TYPES:
        game.emit("order_set", seat=seat, card=st.card_ids[uid], uid=uid)
    else:
        actions.move(game, uid, st.owners[uid], Zone.DROP)
        game.emit("put", seat=seat, card=st.card_ids[uid], uid=uid, to="drop",
                  **{"from": Zone.ORDER})


def not_as_act(game: Game, seat: str, uid: int, ability: Any) -> bool:
    """An order's ability is played as an order, never offered as an ACT."""
    return not ability.spec.get("order")


FRAMES = {"order_done": FrameKind(run_order_done, interruptible=False,
                                  fields=(("uid", "uid", True), ("seat", "seat", True)))}
