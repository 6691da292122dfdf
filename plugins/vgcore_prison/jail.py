"""Prison's rules (see the package's docstring and README.md): which cards a player holds,
the `imprison` step and the opponent's `free` answer. The hooks that register them are in
`__init__.py`; this module is compiled with the engine where vgcore is built (setup.py
`COMPILED`), so it carries no hook markers, which a compiled function cannot hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from vgcore import actions
from vgcore.decisions import Action, shared_action
from vgcore.engine import FrameKind
from vgcore.game import Game
from vgcore.scripting.declarations import Schema
from vgcore.selectors import Ctx
from vgcore.steps import (
    TARGET_KEYS,
    StepKind,
    act_blast,
    bind,
    next_pick,
    picking,
    start_picks,
    take_pick,
    targeted,
)
from vgcore.types import VC, Zone

FLAG = "imprisoned"
RELEASE_FIELD = "prison_release"
RELEASE_COSTS = ("soul_blast", "counter_blast")
PLUGIN_DATA = "vgcore_prison"  # its key in `GameIndex.plugin_data`

# -- reading the state -------------------------------------------------------------------------


def prisons(game: Game, seat: str) -> list[int]:
    """The face-up Prison cards in `seat`'s order zone."""
    st = game.state
    return [u for u in st.players[seat].zones[Zone.ORDER]
            if st.face_up[u] and (game.card(u).order_type or "") == "prison"]


def has_prison(game: Game, seat: str) -> bool:
    return bool(prisons(game, seat))


def imprisoned(game: Game, seat: str) -> list[int]:
    """Cards imprisoned by `seat`: other players' cards in `seat`'s order zone, in zone order."""
    st = game.state
    return [u for u in st.players[seat].zones[Zone.ORDER] if st.owners[u] != seat]


def _record(game: Game, seat: str) -> None:
    """Keep the `imprisoned` flag (uids, plain data) in step with the order zone."""
    game.state.players[seat].flags[FLAG] = imprisoned(game, seat)


# -- the imprison step ---------------------------------------------------------------------------


def act_imprison(game: Game, ctx: Ctx, uids: list[int], step: Mapping[str, Any]) -> None:
    jailer = ctx.seat
    if not has_prison(game, jailer):
        return
    st = game.state
    for uid in uids:
        if st.owners[uid] == jailer:
            continue  # only an opponent's card can be imprisoned
        old_seat, old_zone = st.loc[uid]
        if old_zone == Zone.ORDER and old_seat == jailer:
            continue
        actions.move(game, uid, jailer, Zone.ORDER)
        game.emit("imprison", seat=jailer, card=st.card_ids[uid], uid=uid,
                  owner=st.owners[uid], **{"from": old_zone}, from_seat=old_seat)
    _record(game, jailer)


_run_targeted, _answer_targeted = targeted(act_imprison, "Choose cards to imprison.")


def run_imprison(game: Game, frame: Any, step: Mapping[str, Any], ctx: Ctx) -> None:
    """With no Prison there is nowhere to put the cards: nothing is chosen or moved."""
    if not has_prison(game, ctx.seat):
        game.pop()
        bind(game, frame, step.get("as"), [])
        return
    _run_targeted(game, frame, step, ctx)


IMPRISON = StepKind(Schema(dict(TARGET_KEYS)), run_imprison, _answer_targeted)

# -- the opponent's extra main-phase answer ------------------------------------------------------


class Release(NamedTuple):
    """One release mode of a Prison (its card field `prison_release`): what it costs, how
    much, and how many cards it frees (the field's `count`; not a field name here, where it
    would hide `tuple.count`)."""

    cost: str
    amount: int
    frees: int


def release_table(game: Game) -> dict[str, tuple[Release, ...]]:
    """By card id, the release modes each Prison card of the game lists: read from the
    records once per game's cards (`GameIndex.plugin_data`), for the listing asked at every
    main-phase question while cards are held."""
    table: dict[str, tuple[Release, ...]] | None = game.index.plugin_data.get(PLUGIN_DATA)
    if table is None:
        table = game.index.plugin_data[PLUGIN_DATA] = {
            card.id: tuple(Release(m["cost"], m.get("amount", 1), m.get("count", 1))
                           for m in card.extra.get(RELEASE_FIELD, ()))
            for card in game.index.distinct if card.order_type == "prison"}
    return table


def release_modes(game: Game, jailer: str) -> list[Release]:
    """The distinct release modes the jailer's face-up Prisons offer, in card order (read
    from `release_table`: asked at every main-phase question while cards are held)."""
    st = game.state
    face_up, card_ids = st.face_up, st.card_ids
    table = release_table(game)
    modes: list[Release] = []
    for uid in st.players[jailer].zones[Zone.ORDER]:
        if face_up[uid]:
            for mode in table.get(card_ids[uid], ()):
                if mode not in modes:
                    modes.append(mode)
    return modes


def payers(game: Game, seat: str, cost: str) -> list[int]:
    zones = game.state.players[seat].zones
    if cost == "soul_blast":
        return list(zones[Zone.SOUL])
    return [u for u in zones[Zone.DAMAGE] if game.state.face_up[u]]


def can_pay(game: Game, seat: str, mode: Release) -> bool:
    if mode.cost == "soul_blast" and game.vanguard(seat) is None:
        return False
    return len(payers(game, seat, mode.cost)) >= mode.amount


def free_options(game: Game, seat: str) -> list[Action]:
    """`free <cost>` for each release mode whose cost `seat` can pay while some of their cards
    are imprisoned; which cards are freed and which pay are picked after, one at a time."""
    if not held(game, seat):
        return []
    costs: list[str] = []
    for mode in release_modes(game, game.opponent(seat)):
        if mode.cost not in costs and can_pay(game, seat, mode):
            costs.append(mode.cost)
    return [shared_action("free", (cost,)) for cost in costs]


def held(game: Game, seat: str) -> list[int]:
    """`seat`'s own cards in the opponent's Prison, in zone order."""
    st = game.state
    owners = st.owners
    out: list[int] = []
    for uid in st.players[game.opponent(seat)].zones[Zone.ORDER]:
        if owners[uid] == seat:
            out.append(uid)
    return out


def start_free(game: Game, seat: str, action: Action) -> None:
    """`free <cost>`: the first release mode of that cost (card order) is used."""
    jailer = game.opponent(seat)
    cost = action.args[0]
    mode = next(m for m in release_modes(game, jailer) if m.cost == cost)
    frame: dict[str, Any] = {"k": "prison_free", "seat": seat, "jailer": jailer, "cost": cost,
                             "amount": mode.amount, "cards": (), "stage": "pick"}
    cards = held(game, seat)
    start_picks(frame, seat, cards, mode.frees, mode.frees)
    game.push(frame)


def run_free(game: Game, frame: dict[str, Any]) -> None:
    seat = frame["seat"]
    if frame["stage"] == "pick":
        cards = (next_pick(game, frame, "choose", "Choose your imprisoned cards to free.")
                 if picking(frame) else [])
        if cards is None:
            return
        frame["cards"] = tuple(cards)
        frame["stage"] = "pay"
        cands = payers(game, seat, frame["cost"])
        start_picks(frame, seat, cands, frame["amount"], frame["amount"])
        return
    if frame["stage"] == "pay":
        prompt = ("Choose soul cards to pay." if frame["cost"] == "soul_blast"
                  else "Choose face-up damage to turn face down.")
        paid = next_pick(game, frame, "choose", prompt) if picking(frame) else []
        if paid is None:
            return
        act_blast(game, Ctx(seat), paid, {"op": frame["cost"]})
        frame["stage"] = "call"
        return
    left = frame["cards"]
    if not left:
        game.pop()
        _record(game, frame["jailer"])
        return
    uid = left[0]
    st = game.state
    if st.loc[uid] != (frame["jailer"], Zone.ORDER):
        frame["cards"] = left[1:]
        return
    game.emit("free", seat=seat, card=st.card_ids[uid], uid=uid, jailer=frame["jailer"])
    if not game.card(uid).is_unit:
        frame["cards"] = left[1:]
        actions.move(game, uid, st.owners[uid], Zone.DROP)
        game.emit("put", seat=st.owners[uid], card=st.card_ids[uid], uid=uid, to="drop",
                  **{"from": Zone.ORDER}, from_seat=frame["jailer"])
        return
    circles = [c for c in st.players[seat].circles if c != VC]
    game.ask(seat, "place", f"Choose a circle for {st.card_ids[uid]}.",
             [Action("choose", (c,)) for c in circles])


def answer_free(game: Game, frame: dict[str, Any], action: Action) -> None:
    seat = frame["seat"]
    if picking(frame):
        take_pick(game, frame, action)
        return
    uid = frame["cards"][0]
    frame["cards"] = frame["cards"][1:]
    actions.call(game, uid, seat, action.args[0], source=Zone.ORDER, superior=True)


FRAMES = {"prison_free": FrameKind(
    run_free, answer_free, interruptible=False,
    fields=(("seat", "seat", True), ("jailer", "seat", True), ("cost", "text", True),
            ("amount", "count", True), ("cards", "uids", True),
            ("stage", ("pick", "pay", "call"), True)))}
