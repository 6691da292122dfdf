"""Imaginary gifts for `v-standard` (RULES.md §11), as a plugin the format enables. See README.md.

Riding a grade 3 with a gift icon (the card field `gift`) gains that gift as part of the ride:
an event listener on `ride` pushes a non-interruptible `gift_gain` frame, so the gift is gained
(and its I/II version asked, the first time a player gains that type) before any "when
placed/ridden" ability of the ride resolves.

Gift markers live in the player's `markers` per circle (`accel-1`, `accel-2`, `force-1`,
`force-2`, `protect-2`); they belong to the circle, so they stay when the unit leaves. A
continuous modifier reads them. Protect I and the quick shield ticket are pseudo-cards
(records of the plugin's own card set `gifts`). A move replacement sends them to the hidden
`gift_gone` zone instead of anywhere they may not go (protect I: anywhere but the hand or GC;
the ticket: anywhere but the hand), so they cease to exist rather than arrive — whatever moves
them (a discarded cost, an effect, the end of the battle); a zone listener logs `gift_vanish`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import actions, hookimpl
from vgcore.decisions import Action
from vgcore.engine import FrameKind, PluginScope, hears_moves, modifies
from vgcore.game import Game
from vgcore.scripting.declarations import Schema
from vgcore.steps import StepKind, player_of
from vgcore.types import FRONT, GC, VC, Until, Zone
from vgcore.zones import ZoneSpec

HERE = Path(__file__).parent
GIFT_TYPES = ("accel", "force", "protect")
VERSIONS_FLAG = "gift_versions"   # player flag: {gift type: 1 or 2}, fixed at the first gain
ACCEL_FLAG = "accel_circles"      # player flag: how many accel circles the player has
ORDERS_FLAG = "orders_played"     # player flag shared with other order plugins: {turn, count}
GONE = "gift_gone"                # where pseudo-cards go when they cease to exist (hidden)
PROTECT_CARD = "GIFT-PROTECT"
TICKET_CARD = "GIFT-TICKET"
KIND = "gift"                     # card kind of the Protect I pseudo-card
PSEUDO_CARDS = {PROTECT_CARD: "protect", TICKET_CARD: "ticket"}
# Where each pseudo-card may go; sent anywhere else, it ceases to exist (RULES.md §11).
ALLOWED_ZONES = {PROTECT_CARD: frozenset({Zone.HAND, GC}), TICKET_CARD: frozenset({Zone.HAND})}

ACCEL_POWER = {1: 10_000, 2: 5_000}
FORCE_POWER = 10_000
PROTECT_POWER = 5_000
PROTECT_SHIELD = 10_000
TICKET_POWER = 5_000
# States a unit has while its circle holds markers of a type (card filter `has = "gift_force"`):
# the unit on an accel circle, on a circle with force I/II markers, with protect II markers.
MARKER_STATES = {"gift_accel": "accel-", "gift_force": "force-", "gift_protect": "protect-"}


def options(game: Game) -> dict[str, Any]:
    """The format's `options.gifts`: `force2` = original_critical (default) | critical_plus_1,
    `protect2` = both_turns (default) | your_turn."""
    return dict(game.engine.format.options.get("gifts") or {})


# -- gaining a gift ---------------------------------------------------------------------


def on_ride(game: Game, event: dict[str, Any]) -> None:
    """A grade 3 with a gift icon was ridden: the gift is gained before anything resolves."""
    card = game.card(event["uid"])
    if card.gift in GIFT_TYPES and card.grade == 3:
        game.push({"k": "gift_gain", "seat": event["seat"], "gift": card.gift,
                   "card": card.id})


def run_gift_gain(game: Game, frame: dict[str, Any]) -> None:
    seat, gift = frame["seat"], frame["gift"]
    version = game.state.players[seat].flags.get(VERSIONS_FLAG, {}).get(gift)
    if version is None:
        game.ask(seat, "gift", f"Choose the version of your first {gift} gift (I or II).",
                 [Action("gift", (f"{gift}-1",)), Action("gift", (f"{gift}-2",))])
        return
    circles = marker_circles(game, seat, gift, version)
    if circles is None:
        game.pop()
        gain(game, seat, gift, version, None)
    else:
        game.ask(seat, "gift-circle", f"Choose a circle for your {gift} {version * 'I'} marker.",
                 [Action("choose", (c,)) for c in circles])


def answer_gift_gain(game: Game, frame: dict[str, Any], action: Action) -> None:
    seat, gift = frame["seat"], frame["gift"]
    if action.verb == "gift":
        version = int(action.args[0].rsplit("-", 1)[1])
        game.state.players[seat].flags.setdefault(VERSIONS_FLAG, {})[gift] = version
        game.emit("gift_version", seat=seat, gift=gift, version=version)
        return
    game.pop()
    version = game.state.players[seat].flags[VERSIONS_FLAG][gift]
    gain(game, seat, gift, version, action.args[0])


def marker_circles(game: Game, seat: str, gift: str, version: int) -> list[str] | None:
    """The circles a marker may go on, or None when the gift needs no circle."""
    circles = list(game.state.players[seat].circles)
    if gift == "force":
        return circles                       # VC or any RC
    if gift == "protect" and version == 2:
        return [c for c in circles if c != VC]
    return None


def gain(game: Game, seat: str, gift: str, version: int, circle: str | None) -> None:
    player = game.state.players[seat]
    if gift == "accel":
        circle = add_accel_circle(game, seat)
        player.markers.setdefault(circle, []).append(f"accel-{version}")
    elif gift == "force" or (gift == "protect" and version == 2):
        assert circle is not None
        player.markers.setdefault(circle, []).append(f"{gift}-{version}")
    else:  # protect I
        give_pseudo_card(game, seat, PROTECT_CARD)
    game.emit("gift", seat=seat, gift=gift, version=version, circle=circle)
    if gift == "accel" and version == 2:
        actions.draw(game, seat, 1)


def add_accel_circle(game: Game, seat: str) -> str:
    """A new front-row circle outside the front row: first left, then right, outward."""
    player = game.state.players[seat]
    n = player.flags.get(ACCEL_FLAG, 0) + 1
    player.flags[ACCEL_FLAG] = n
    columns = [col for row, col in player.circles.values() if row == FRONT]
    column = min(columns) - 1 if n % 2 == 1 else max(columns) + 1
    name = f"RC.X{n}"
    game.add_circle(seat, name, FRONT, column)
    return name


# -- marker effects ---------------------------------------------------------------------


@modifies("power", "critical", *MARKER_STATES)
def gift_modifier(game: Game, uid: int, stat: str) -> int:
    """The markers on a unit's circle: accel/force power during its owner's turn, force II's
    original critical 2, protect II's power; and the marker states card filters read with
    `has` (`gift_accel`, `gift_force`, `gift_protect`: the number of such markers there)."""
    if stat != "power" and stat != "critical":
        prefix = MARKER_STATES.get(stat)
        if prefix is None:
            return 0
        seat, zone = game.state.loc[uid]
        marks = game.state.players[seat].markers.get(zone) or ()
        return sum(1 for mark in marks if mark.startswith(prefix))
    st = game.state
    seat, zone = st.loc[uid]
    marks = st.players[seat].markers.get(zone)
    if not marks:
        return 0
    my_turn = st.turn_player == seat
    if stat == "critical":
        if "force-2" not in marks:
            return 0
        if options(game).get("force2") == "critical_plus_1":
            return marks.count("force-2") if my_turn else 0
        return 2 - (game.card(uid).critical or 0)
    total = 0
    protect_always = options(game).get("protect2", "both_turns") == "both_turns"
    for mark in marks:
        if mark == "accel-1" and my_turn:
            total += ACCEL_POWER[1]
        elif mark == "accel-2" and my_turn:
            total += ACCEL_POWER[2]
        elif mark == "force-1" and my_turn:
            total += FORCE_POWER
        elif mark == "protect-2" and (my_turn or protect_always):
            total += PROTECT_POWER
    return total


def on_intercept(game: Game, event: dict[str, Any]) -> None:
    """Protect II: a unit intercepting from a circle with protect II markers gets +10000
    shield per marker for the battle."""
    seat = event["seat"]
    marks = game.state.players[seat].markers.get(event["circle"]) or []
    count = marks.count("protect-2")
    if not count:
        return
    if options(game).get("protect2") == "your_turn" and game.state.turn_player != seat:
        return
    game.add_modifier(event["uid"], "shield", PROTECT_SHIELD * count, Until.BATTLE,
                      source="protect II")


# -- pseudo-cards -----------------------------------------------------------------------


def give_pseudo_card(game: Game, seat: str, card_id: str) -> int:
    uid = game.create_card(card_id, seat, Zone.HAND)
    game.emit("to_hand", seat=seat, card=card_id, uid=uid, private=seat, how="gift")
    return uid


def cease_to_exist(game: Game, uid: int, seat: str, zone: str) -> tuple[str, str] | None:
    """Move replacement: a pseudo-card sent where it may not go goes out of the game."""
    allowed = ALLOWED_ZONES.get(game.state.card_ids[uid])
    if allowed is None or zone in allowed or zone == GONE:
        return None
    return game.state.owners[uid], GONE


@hears_moves(to_zones=(GONE,))
def on_vanish(game: Game, move: actions.Move) -> None:
    """Zone listener: log a pseudo-card that ceased to exist (`from` = where it was sent)."""
    if move.zone == GONE and move.from_zone != GONE:
        game.emit("gift_vanish", seat=move.seat, card=game.state.card_ids[move.uid],
                  uid=move.uid, **{"from": move.sent_to}, from_seat=move.from_seat)


def vanish(game: Game, uid: int) -> None:
    actions.move(game, uid, game.state.owners[uid], GONE, face_up=False)
    game.tell_moves()  # logged now: no event of its own follows this move


def give_ticket(game: Game, seat: str) -> int:
    """Put a quick shield ticket into a player's hand."""
    return give_pseudo_card(game, seat, TICKET_CARD)


def run_ticket_step(game: Game, frame: Any, step: Any, ctx: Any) -> None:
    """Card step `{op = "quick_shield_ticket"}`: put a quick shield ticket into hand."""
    game.pop()
    give_ticket(game, player_of(game, ctx, step))


def orders_this_turn(game: Game, seat: str) -> int:
    played = game.state.players[seat].flags.get(ORDERS_FLAG)
    return played["count"] if played and played["turn"] == game.state.turn else 0


def ticket_options(game: Game, seat: str) -> list[Action]:
    st = game.state
    if st.battle is None or st.battle["target_seat"] != seat:
        return []
    if orders_this_turn(game, seat) >= game.engine.format.max_orders_per_turn:
        return []
    if any(st.card_ids[u] == TICKET_CARD for u in st.players[seat].zones[Zone.HAND]):
        return [Action("ticket")]
    return []


def play_ticket(game: Game, seat: str) -> None:
    st = game.state
    uid = next(u for u in st.players[seat].zones[Zone.HAND] if st.card_ids[u] == TICKET_CARD)
    st.players[seat].flags[ORDERS_FLAG] = {"turn": st.turn,
                                           "count": orders_this_turn(game, seat) + 1}
    game.emit("order", seat=seat, card=TICKET_CARD, uid=uid, order_type="blitz")
    vanish(game, uid)                       # it leaves the hand: it ceases to exist
    battle = st.battle
    assert battle is not None
    target = battle["target"]
    game.add_modifier(target, "power", TICKET_POWER, Until.BATTLE, source=TICKET_CARD)


# -- hooks ------------------------------------------------------------------------------


@hookimpl
def vgcore_card_sets() -> list[Path]:
    return [HERE / "cards"]


@hookimpl
def vgcore_card_kinds() -> list[str]:
    return [KIND]


@hookimpl
def vgcore_zones(fmt: Any) -> list[ZoneSpec]:
    return [ZoneSpec(GONE, visible="none")]


@hookimpl
def vgcore_circle_names(fmt: Any) -> list[str]:
    return ["RC.X[0-9]*"]  # the accel circles RC.X1, RC.X2, ... (see add_accel_circle)


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    """`vg.gifts`: marker filters, the gift trigger, the ticket step, the first vanguard's AUTO."""
    return [HERE / "gifts.lua"]


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return ["gift", "gift_version", "gift_vanish", "order"]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {"gift_vanish": ["card"], "order": ["card"]}


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, Any]:
    return {"gift_gain": FrameKind(run_gift_gain, answer_gift_gain, interruptible=False,
                                   fields=(("seat", "seat", True), ("gift", "text", True),
                                           ("card", "text", False)))}


@hookimpl
def vgcore_step_kinds(fmt: Any) -> dict[str, Any]:
    return {"quick_shield_ticket": StepKind(Schema({"player": "player"}), run_ticket_step)}


@hookimpl
def vgcore_continuous_modifiers(fmt: Any) -> list[Any]:
    return [gift_modifier]


@hookimpl
def vgcore_event_listeners(fmt: Any) -> dict[str, list[Any]]:
    return {"ride": [on_ride], "intercept": [on_intercept]}


@hookimpl
def vgcore_move_replacements(fmt: Any) -> list[Any]:
    return [cease_to_exist]


@hookimpl
def vgcore_zone_listeners(fmt: Any) -> list[Any]:
    return [on_vanish]


@hookimpl
def vgcore_validate_deck(deck: Any, fmt: Any, db: Any) -> list[str]:
    """Pseudo-cards exist only through gifts and tickets: never in a deck."""
    listed = sorted({c for c in (*deck.main, *deck.ride_deck, *deck.g_deck) if c in PSEUDO_CARDS})
    return [f"{c} is an imaginary gift pseudo-card and cannot be put in a deck" for c in listed]


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    return ticket_options(game, seat) if kind == "guard" else []


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if action.verb != "ticket" or kind != "guard":
        return None
    play_ticket(game, seat)
    return True


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {VERSIONS_FLAG: "{str: int}", ACCEL_FLAG: "int",
                       ORDERS_FLAG: "{turn: int, count: int}"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """A ticket is used in the guard step; gifts come only from riding a grade 3 with a gift
    icon, and tickets and Protect I are pseudo-cards made in the game (which brings the game
    into scope when they are made)."""
    return PluginScope(option_kinds=frozenset({"guard"}),
                       cards=lambda card: card.gift in GIFT_TYPES or card.id in PSEUDO_CARDS)
