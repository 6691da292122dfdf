"""Stride, G guardian and ultimate stride (RULES.md §10): a plugin `premium` enables. See README.md.

A player's G deck (deck list `g_deck`, cards of kind `g_unit`) lies face down in the G zone
(`g_zone`: face-down cards visible to their owner only, face-up ones public). After the ride
step, a stride step lets the turn player put a face-down G unit on VC over the vanguard, which
becomes the *heart* (zone `heart`, not the soul). The G unit adds the heart's printed power and
also has its name. At the start of the end phase the G unit returns face up to the G zone and
the heart becomes the vanguard again. Players without a G deck never see any of it: their
state holds no G zone or heart zone, and no step, question or flag is added to their turns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vgcore import actions, hookimpl
from vgcore.decisions import Action
from vgcore.engine import FrameKind, PluginScope, judges, modifies
from vgcore.game import Game
from vgcore.phases import answer_ride_step, run_ride_step
from vgcore.steps import next_pick, picking, start_picks, take_pick
from vgcore.types import GC, VC, Phase, Zone
from vgcore.zones import ZoneSpec

G_ZONE = "g_zone"
HEART = "heart"
KIND = "g_unit"
STRIDE = "stride"
ULTIMATE = "ultimate-stride"
G_GUARDIAN = "g-guardian"
G_GUARDIAN_FRAME = "g_guardian"
COST_GRADE = 3            # stride cost: discarded grades total at least this
REQUIRED_GRADE = 3        # stride / G guardian requirement on the vanguards' grades
G_GUARDIAN_MAX_FACE_UP = 3
ULTIMATE_FACE_UP = 3
COST_DECISION = "stride-cost"   # the decisions that pick the cards a stride discards
# player flags
START_GRADE = "stride_start_grade"   # [turn, grade of the vanguard when the turn started]
STRODE = "stride_turn"               # the turn of this player's last stride
ULTIMATE_UID = "ultimate_stride_uid"  # the unit of this game's ultimate stride (once per game)


# -- queries -----------------------------------------------------------------------------


def has_g_zone(game: Game, seat: str) -> bool:
    return G_ZONE in game.state.players[seat].zones


def g_cards(game: Game, seat: str, *, face_up: bool) -> list[int]:
    st = game.state
    zone = st.players[seat].zones.get(G_ZONE, ())
    return [u for u in zone if st.face_up[u] == face_up]


def is_g_unit(game: Game, uid: int) -> bool:
    return game.card(uid).kind == KIND


def generation_count(game: Game, seat: str) -> int:
    """Face-up cards in the G zone + G units on your VC/RC (RULES.md §7 generation break)."""
    if not has_g_zone(game, seat):
        return 0
    on_field = sum(1 for _c, u in game.units(seat) if is_g_unit(game, u))
    return len(g_cards(game, seat, face_up=True)) + on_field


def vanguard_grade(game: Game, seat: str) -> int:
    vg = game.vanguard(seat)
    return game.grade(vg) if vg is not None else 0


def stride_requirement(game: Game, seat: str) -> bool:
    """Both vanguards grade ≥ 3, or yours was grade ≥ 3 when this turn started."""
    if (vanguard_grade(game, seat) >= REQUIRED_GRADE
            and vanguard_grade(game, game.opponent(seat)) >= REQUIRED_GRADE):
        return True
    start = game.state.players[seat].flags.get(START_GRADE)
    return bool(start) and start[0] == game.state.turn and start[1] >= REQUIRED_GRADE


def hand_grades(game: Game, hand: list[int]) -> list[int]:
    """The printed grades of hand cards: what a stride cost counts."""
    return [game.card(u).grade or 0 for u in hand]


def stride_options(game: Game, seat: str) -> list[Action]:
    """`stride <G unit>` while the hand's grades total 3 or more, and `ultimate-stride <G
    unit>` while the hand holds a card with a name of the vanguard. The cost is picked after,
    one card at a time."""
    if not has_g_zone(game, seat):
        return []
    st = game.state
    player = st.players[seat]
    vg = game.vanguard(seat)
    if (vg is None or is_g_unit(game, vg) or player.flags.get(STRODE) == st.turn
            or not stride_requirement(game, seat)):
        return []
    g_ids = sorted({st.card_ids[u] for u in g_cards(game, seat, face_up=False)})
    if not g_ids:
        return []
    hand = player.zones[Zone.HAND]
    options = []
    if sum(hand_grades(game, hand)) >= COST_GRADE:
        options = [Action(STRIDE, (g,)) for g in g_ids]
    if (ULTIMATE_UID not in player.flags and same_named(game, seat)
            and len(g_cards(game, seat, face_up=True)) >= ULTIMATE_FACE_UP):
        options += [Action(ULTIMATE, (g,)) for g in g_ids
                    if game.engine.db[g].extra.get("ultimate_stride")]
    return options


def same_named(game: Game, seat: str) -> list[int]:
    """Hand cards that bear a name of the vanguard (an ultimate stride's cost)."""
    vg = game.vanguard(seat)
    if vg is None:
        return []
    names = set(game.names(vg))
    return [u for u in game.state.players[seat].zones[Zone.HAND] if game.card(u).name in names]


# -- stride ------------------------------------------------------------------------------


def stride(game: Game, seat: str, g_uid: int, costs: list[int], *, ultimate: bool) -> None:
    """Pay the cost, then put the G unit on VC; the vanguard becomes the heart."""
    st = game.state
    player = st.players[seat]
    for uid in costs:
        actions.move(game, uid, seat, Zone.DROP)
        game.emit("discard", seat=seat, card=st.card_ids[uid], uid=uid, **{"from": Zone.HAND})
    heart = game.vanguard(seat)
    assert heart is not None
    player.flags[STRODE] = st.turn
    if ultimate:
        player.flags[ULTIMATE_UID] = g_uid
    actions.move(game, heart, seat, HEART)
    actions.move(game, g_uid, seat, VC)
    game.emit(STRIDE, seat=seat, circle=VC, card=st.card_ids[g_uid], uid=g_uid,
              heart=st.card_ids[heart], heart_uid=heart, ultimate=ultimate, source=G_ZONE)


def run_stride_step(game: Game, frame: dict[str, Any]) -> None:
    """Ask only when a stride is possible; otherwise the step passes silently. After
    `stride <G id>` the cost is discarded one card at a time (`choose <id>` … `done` once the
    grades total 3 or more; paying more is allowed)."""
    seat = game.state.turn_player
    if "g" in frame:
        ultimate = frame["ultimate"]
        prompt = ("Choose a card with your vanguard's name to discard." if ultimate
                  else "Choose cards to discard: their grades must total 3 or more.")
        costs = next_pick(game, frame, COST_DECISION, prompt)
        if costs is not None:
            game.pop()
            stride(game, seat, frame["g"], costs, ultimate=ultimate)
        return
    options = stride_options(game, seat)
    if not options:
        game.pop()
        return
    game.ask(seat, STRIDE, "Stride a G unit, or pass.", [*options, Action("pass")])


def answer_stride_step(game: Game, frame: dict[str, Any], action: Action) -> None:
    if picking(frame):
        take_pick(game, frame, action)
        return
    if action.verb == "pass":
        game.pop()
        return
    seat = game.state.turn_player
    st = game.state
    ultimate = action.verb == ULTIMATE
    frame["g"] = next(u for u in g_cards(game, seat, face_up=False)
                      if st.card_ids[u] == action.args[0])
    frame["ultimate"] = ultimate
    if ultimate:
        start_picks(frame, seat, same_named(game, seat), 1, 1)
    else:
        hand = list(st.players[seat].zones[Zone.HAND])
        start_picks(frame, seat, hand, 0, len(hand), weights=hand_grades(game, hand),
                    need=COST_GRADE)


def answer_ride_then_stride(game: Game, frame: dict[str, Any], action: Action) -> None:
    """The core ride step, followed by the stride step when a stride may be possible."""
    answer_ride_step(game, frame, action)
    seat = game.state.turn_player
    if has_g_zone(game, seat) and g_cards(game, seat, face_up=False):
        game.push({"k": "stride_step"})


# -- end of turn -------------------------------------------------------------------------


def return_g_units(game: Game, event: dict[str, Any]) -> None:
    """End phase: G units on VC/RC go face up to the G zone; the heart is the vanguard again.
    An ultimate stride's G zone is then removed from the game face up."""
    st = game.state
    for seat in st.seats:
        if not has_g_zone(game, seat):
            continue
        player = st.players[seat]
        for circle, uid in list(game.units(seat)):
            if not is_g_unit(game, uid):
                continue
            rested = st.rested[uid]
            actions.move(game, uid, seat, G_ZONE)
            heart = None
            if circle == VC and player.zones[HEART]:
                heart = player.zones[HEART][0]
                actions.move(game, heart, seat, VC, rested=rested)
            game.emit("stride_end", seat=seat, circle=circle, card=st.card_ids[uid], uid=uid,
                      heart=st.card_ids[heart] if heart is not None else None,
                      heart_uid=heart)
            if player.flags.get(ULTIMATE_UID) == uid:
                removed = list(player.zones[G_ZONE])
                for card in removed:
                    actions.move(game, card, seat, Zone.REMOVED)
                game.emit("removed", seat=seat, cards=[st.card_ids[u] for u in removed],
                          **{"from": G_ZONE})


def note_start_grade(game: Game, event: dict[str, Any]) -> None:
    """At the start of a turn (its stand phase), remember the turn player's vanguard grade."""
    seat = event.get("seat")
    if event.get("phase") != Phase.STAND or seat is None or not has_g_zone(game, seat):
        return
    game.state.players[seat].flags[START_GRADE] = [game.state.turn, vanguard_grade(game, seat)]


def g_unit_home(game: Game, event: dict[str, Any]) -> None:
    """A G unit put into the drop (a retired G guardian) goes face up to its G zone instead."""
    uid = event.get("uid")
    if uid is None or not is_g_unit(game, uid):
        return
    st = game.state
    owner = st.owners[uid]
    if st.loc[uid] != (owner, Zone.DROP) or not has_g_zone(game, owner):
        return
    actions.move(game, uid, owner, G_ZONE)
    game.emit("put", seat=owner, card=st.card_ids[uid], uid=uid, to=G_ZONE,
              **{"from": Zone.DROP})


# -- G guardian --------------------------------------------------------------------------


def g_guardian_options(game: Game, seat: str) -> list[Action]:
    """`g-guardian <G unit>`: a face-down G unit with a printed shield, both vanguards grade
    ≥ 3, at most 3 face-up cards in the G zone, a heal trigger in hand (which heal trigger is
    discarded is asked next, when there is a choice)."""
    if not has_g_zone(game, seat) or game.state.battle is None:
        return []
    if (vanguard_grade(game, seat) < REQUIRED_GRADE
            or vanguard_grade(game, game.opponent(seat)) < REQUIRED_GRADE
            or len(g_cards(game, seat, face_up=True)) > G_GUARDIAN_MAX_FACE_UP
            or not heals_in_hand(game, seat)):
        return []
    st = game.state
    guardians = sorted({st.card_ids[u] for u in g_cards(game, seat, face_up=False)
                        if game.card(u).shield and is_g_unit(game, u)})
    return [Action(G_GUARDIAN, (g,)) for g in guardians]


def heals_in_hand(game: Game, seat: str) -> list[int]:
    return [u for u in game.state.players[seat].zones[Zone.HAND]
            if game.card(u).trigger == "heal"]


def start_g_guardian(game: Game, seat: str, g_id: str) -> None:
    """The answer `g-guardian <G id>`: the heal trigger to discard is picked next."""
    st = game.state
    uid = next(u for u in g_cards(game, seat, face_up=False) if st.card_ids[u] == g_id)
    frame: dict[str, Any] = {"k": G_GUARDIAN_FRAME, "seat": seat, "g": uid}
    start_picks(frame, seat, heals_in_hand(game, seat), 1, 1)
    game.push(frame)


def run_g_guardian(game: Game, frame: dict[str, Any]) -> None:
    seat = frame["seat"]
    heal = next_pick(game, frame, COST_DECISION, "Choose a heal trigger to discard.")
    if heal is None:
        return
    game.pop()
    st = game.state
    uid = frame["g"]
    for card in heal:
        actions.move(game, card, seat, Zone.DROP)
        game.emit("discard", seat=seat, card=st.card_ids[card], uid=card,
                  **{"from": Zone.HAND})
    actions.move(game, uid, seat, GC, rested=True)
    g_id = st.card_ids[uid]
    game.emit("guard", seat=seat, card=g_id, uid=uid, circle=GC, how=G_GUARDIAN)
    game.emit("g_guardian", seat=seat, card=g_id, uid=uid, circle=GC)


def answer_g_guardian(game: Game, frame: dict[str, Any], action: Action) -> None:
    take_pick(game, frame, action)


# -- power, name, validity ---------------------------------------------------------------


def heart_of(game: Game, uid: int) -> int | None:
    """The heart under a G unit on VC, if `uid` is one."""
    seat, zone = game.state.loc[uid]
    if zone != VC:
        return None
    hearts = game.state.players[seat].zones.get(HEART)
    if not hearts or not is_g_unit(game, uid):
        return None
    return hearts[0]


@modifies("power")
def heart_power(game: Game, uid: int, stat: str) -> int:
    """The G unit on VC gets its heart's printed (original) power, never its modifiers."""
    if stat != "power":
        return 0
    heart = heart_of(game, uid)
    return (game.card(heart).power or 0) if heart is not None else 0


def heart_name(game: Game, uid: int) -> tuple[str, ...]:
    heart = heart_of(game, uid)
    return (game.card(heart).name,) if heart is not None else ()


@judges("generation_break")
def generation_break_valid(game: Game, seat: str, uid: int, ability: Any) -> bool:
    need = ability.spec.get("generation_break")
    return need is None or generation_count(game, seat) >= need


# -- deck construction -------------------------------------------------------------------


def g_deck_violations(deck: Any, fmt: Any, db: Any) -> list[str]:
    """G deck: at most 16 cards (format option `g_deck_size`, e.g. 8), ≤ 4 of a name, G
    units only (RULES.md §3)."""
    limit = int(fmt.options.get("g_deck_size", 16))
    out = []
    if len(deck.g_deck) > limit:
        out.append(f"the G deck holds {len(deck.g_deck)} cards; at most {limit} are allowed")
    known = [db[c] for c in deck.g_deck if c in db]
    for card in sorted({c.id: c for c in known if c.kind != KIND}.values(), key=lambda c: c.id):
        out.append(f"{card.id} ({card.name}) is not a G unit: only G units go in the G deck")
    names = Counter(c.name for c in known)
    for name, count in sorted(names.items()):
        if count > 4:
            out.append(f"the G deck holds {count} cards named {name!r}; at most 4 are allowed")
    return out


# -- hooks -------------------------------------------------------------------------------


@hookimpl
def vgcore_card_kinds() -> list[str]:
    return [KIND]


@hookimpl
def vgcore_card_fields() -> dict[str, dict[str, Any]]:
    return {"ultimate_stride": {"type": "boolean"}}


@hookimpl
def vgcore_zones(fmt: Any) -> list[ZoneSpec]:
    # A seat whose deck has no G deck has neither zone (vgcore_setup_game).
    return [ZoneSpec(G_ZONE, visible="all", face_down_to_owner=True, optional=True),
            ZoneSpec(HEART, optional=True)]


@hookimpl
def vgcore_setup_game(game: Game, decks: Mapping[str, Any] | None) -> None:
    """Put each G deck face down into its G zone. A seat set up from a deck without a G deck
    has no G zone or heart zone at all (its state is exactly as without this plugin); a
    written board keeps both zones for every seat."""
    if decks is None:
        return
    for seat, player in game.state.players.items():
        deck = decks.get(seat)
        g_deck = tuple(getattr(deck, "g_deck", ()) or ())
        if not g_deck:
            player.zones.pop(G_ZONE, None)
            player.zones.pop(HEART, None)
            continue
        for card_id in g_deck:
            game.create_card(card_id, seat, G_ZONE, face_up=False)


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, FrameKind]:
    return {"ride_step": FrameKind(run_ride_step, answer_ride_then_stride),
            "stride_step": FrameKind(run_stride_step, answer_stride_step,
                                     fields=(("g", "uid", False), ("ultimate", "flag", False))),
            G_GUARDIAN_FRAME: FrameKind(run_g_guardian, answer_g_guardian, interruptible=False,
                                        fields=(("seat", "seat", True), ("g", "uid", True)))}


@hookimpl
def vgcore_continuous_modifiers(fmt: Any) -> list[Any]:
    return [heart_power]


@hookimpl
def vgcore_name_providers(fmt: Any) -> list[Any]:
    return [heart_name]


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    """`vg.stride`: triggers for striding and G guardians, the heart and G zone selectors."""
    return [Path(__file__).parent / "stride.lua"]


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return [STRIDE, "stride_end", "g_guardian"]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {STRIDE: ["card", "heart"], "stride_end": ["card", "heart"],
            "g_guardian": ["card"]}


@hookimpl
def vgcore_event_listeners(fmt: Any) -> dict[str, list[Any]]:
    return {"phase": [note_start_grade], "end_phase": [return_g_units],
            "retire": [g_unit_home]}


@hookimpl
def vgcore_validity_keys(fmt: Any) -> dict[str, str]:
    return {"generation_break": "int"}


@hookimpl
def vgcore_ability_validity(fmt: Any) -> list[Any]:
    return [generation_break_valid]


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    return g_guardian_options(game, seat) if kind == "guard" else []


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if action.verb != G_GUARDIAN or kind != "guard":
        return None
    start_g_guardian(game, seat, action.args[0])
    return True


@hookimpl
def vgcore_validate_deck(deck: Any, fmt: Any, db: Any) -> list[str]:
    return g_deck_violations(deck, fmt, db)


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {START_GRADE: "[int, int]", STRODE: "int", ULTIMATE_UID: "uid"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """A G guardian is called in the guard step, and a game without a G unit has no G zone:
    nothing to stride, call, return or name."""
    return PluginScope(option_kinds=frozenset({"guard"}), cards=lambda card: card.kind == KIND)
