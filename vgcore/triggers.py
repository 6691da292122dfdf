"""Drive and damage checks and the six trigger effects (RULES.md §5 drive/damage, §6).

A `check` frame reveals one card at a time into the trigger zone, lets its trigger resolve in
a `trigger` frame, then settles the card (hand for drive checks, damage zone for damage
checks). A trigger's parts come in stages; parts of one stage are applied in the order the
player chooses by answering them one at a time (critical: power and critical).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from vgcore import actions
from vgcore.decisions import Action, new_action, shared_action
from vgcore.framekind import FrameKind
from vgcore.types import Until, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat, Uid

# Stages of each trigger's effect; parts inside a stage are chosen in any order.
TRIGGER_STAGES: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    "critical": (("power", "critical"),),
    "draw": (("power",), ("draw",)),
    "heal": (("power",), ("heal",)),
    "front": (("front",),),
    "stand": (("power", "stand"),),
    "over": (("remove",), ("draw",), ("power",), ("over_effect",)),
}
CHOSEN_PARTS: Final = frozenset({"power", "critical", "stand"})


# -- checks ------------------------------------------------------------------------------


def run_check(game: Game, frame: Frame) -> None:
    seat = frame["seat"]
    uid = frame["card"]
    if uid is None:
        reveal_next(game, frame, seat)
    else:
        frame["card"] = None
        if frame["type"] == "drive":
            frame["hold"] = False  # abilities triggered by this check resolve before the next
        settle(game, frame["type"], seat, uid)


def reveal_next(game: Game, frame: Frame, seat: Seat) -> None:
    top = actions.top_of_deck(game, seat)
    if frame["left"] <= 0 or top is None:
        game.pop()
        return
    frame["left"] -= 1
    frame["card"] = top
    frame["hold"] = True
    actions.move(game, top, seat, Zone.TRIGGER)
    card = game.card(top)
    battle = game.state.battle
    if frame["type"] == "drive" and battle is not None:
        battle["drive_grades"] = [*battle["drive_grades"], card.grade]
    game.emit(f"{frame['type']}_check", seat=seat, card=card.id, uid=top, grade=card.grade,
              trigger=card.trigger, by_uid=frame.get("by"))
    if trigger_applies(game, seat, top):
        game.push({"k": "trigger", "card": top, "seat": seat, "check": frame["type"],
                   "stages": [list(s) for s in TRIGGER_STAGES[card.trigger or ""]]})
    elif card.trigger:
        game.emit("trigger_fizzled", seat=seat, card=card.id, trigger=card.trigger)


def settle(game: Game, check: str, seat: Seat, uid: Uid) -> None:
    """Put the checked card where the check sends it, unless the trigger already moved it."""
    if game.state.loc[uid] != (seat, Zone.TRIGGER):
        return
    if check == "drive":
        actions.move(game, uid, seat, Zone.HAND)
        game.emit("to_hand", seat=seat, card=game.state.card_ids[uid], uid=uid, source="drive")
    else:
        actions.move(game, uid, seat, Zone.DAMAGE)
        game.emit("damage", seat=seat, card=game.state.card_ids[uid], uid=uid)


def trigger_applies(game: Game, seat: Seat, uid: Uid) -> bool:
    """The format has this trigger type and, where it asks, a unit of the same clan/nation.

    `premium`/`v-standard` check the clan against your VC/RC units; `d-standard` checks
    nothing (RULES.md §6).
    """
    card = game.card(uid)
    fmt = game.engine.format
    if card.trigger is None or card.trigger not in fmt.triggers:
        return False
    if fmt.trigger_check == "none":
        return True
    key = fmt.trigger_check  # "clan" or "nation"
    mine = getattr(card, key)
    if mine is None:
        return False
    if any(getattr(game.card(u), key) == mine for _c, u in game.units(seat)):
        return True
    # cards standing on a circle beside its unit (a legion mate on VC) are on the field too
    zones = game.state.players[seat].zones
    return any(getattr(game.card(u), key) == mine
               for zone in game.engine.zone_circles for u in zones.get(zone, ()))


# -- trigger effects ---------------------------------------------------------------------


def run_trigger(game: Game, frame: Frame) -> None:
    stages = frame["stages"]
    if not stages:
        game.pop()
        return
    stage = stages[0]
    if stage[0] in CHOSEN_PARTS:
        per_part = [part_options(game, frame["seat"], part) for part in stage]
        options = [a for part in per_part for a in part]
        if all(len(part) <= 1 for part in per_part):
            options = options[:1]  # each part has one target: no choice, only an order
        if options:
            game.ask(frame["seat"], "trigger", f"Apply the {trigger_of(game, frame)} trigger.",
                     options)
            return
        frame["stages"] = stages[1:]  # nothing can be chosen: the part does nothing
        return
    frame["stages"] = stages[1:]
    AUTOMATIC_PARTS[stage[0]](game, frame)


def part_options(game: Game, seat: Seat, part: str) -> list[Action]:
    if part == "stand":
        return [shared_action("stand", (c,)) for c, _u in game.rear_guards(seat)]
    return [shared_action(part, (c,)) for c, _u in game.units(seat)]


def answer_trigger(game: Game, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    if action.verb == "choose":
        heal_card(game, seat, action.args[0])
        return
    stage = [p for p in frame["stages"][0] if p != action.verb]
    frame["stages"] = ([stage] if stage else []) + frame["stages"][1:]
    uid = game.unit_at(seat, action.args[0])
    assert uid is not None
    trigger = trigger_of(game, frame)
    if action.verb == "power":
        amount = game.engine.format.trigger_power_of(trigger)
        game.add_modifier(uid, "power", amount, Until.TURN, trigger)
    elif action.verb == "critical":
        game.add_modifier(uid, "critical", 1, Until.TURN, trigger)
    elif action.verb == "stand":
        actions.stand(game, uid, "trigger")


def trigger_of(game: Game, frame: Frame) -> str:
    return game.card(frame["card"]).trigger or ""


def part_draw(game: Game, frame: Frame) -> None:
    actions.draw(game, frame["seat"], 1)


def part_front(game: Game, frame: Frame) -> None:
    """Front trigger: every front-row unit of the checking player gets the power."""
    seat = frame["seat"]
    amount = game.engine.format.trigger_power_of("front")
    for circle in game.front_row(seat):
        uid = game.unit_at(seat, circle)
        if uid is not None:
            game.add_modifier(uid, "power", amount, Until.TURN, "front")


def part_heal(game: Game, frame: Frame) -> None:
    """Heal only when your damage is at least your opponent's; then pick one damage card.

    Tag fight (RULES.md §13): the comparison is between the two teams' totals, but the card
    healed always comes from the checking player's own damage zone.
    """
    seat = frame["seat"]
    if not game.state.players[seat].zones[Zone.DAMAGE]:
        return
    if game.team_damage(seat) < game.team_damage(game.opponent(seat)):
        return
    game.ask(seat, "heal", "Choose a damage card to heal.", heal_options(game, seat))


def heal_options(game: Game, seat: Seat) -> list[Action]:
    st = game.state
    refs = {damage_ref(game, u) for u in st.players[seat].zones[Zone.DAMAGE]}
    return [new_action("choose", (r,)) for r in sorted(refs)]


def damage_ref(game: Game, uid: Uid) -> str:
    """A damage card as answers name it: its id, with `/down` when face down."""
    card_id = game.state.card_ids[uid]
    return card_id if game.state.face_up[uid] else f"{card_id}/down"


def heal_card(game: Game, seat: Seat, ref: str) -> None:
    uid = next(u for u in game.state.players[seat].zones[Zone.DAMAGE] if damage_ref(game, u) == ref)
    actions.heal(game, uid)


def part_remove(game: Game, frame: Frame) -> None:
    """Over trigger: the card leaves the game (a damage check it was part of deals nothing)."""
    seat, uid = frame["seat"], frame["card"]
    actions.move(game, uid, seat, Zone.REMOVED)
    game.emit("removed", seat=seat, card=game.state.card_ids[uid], uid=uid)


def part_over_effect(game: Game, frame: Frame) -> None:
    """Announce the over trigger so that the card's own extra effect (a skill) can answer it."""
    game.emit("over_trigger", seat=frame["seat"], card=game.state.card_ids[frame["card"]],
              uid=frame["card"], check=frame["check"])


AUTOMATIC_PARTS: Final = {
    "draw": part_draw,
    "front": part_front,
    "heal": part_heal,
    "remove": part_remove,
    "over_effect": part_over_effect,
}

FRAMES: Final = {
    "check": FrameKind(run_check),
    # a trigger's effect is one resolution: nothing resolves and no rule is checked inside it
    "trigger": FrameKind(run_trigger, answer_trigger, interruptible=False),
}
