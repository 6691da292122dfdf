"""The battle phase (RULES.md §5): attack, boost, guard, drive, damage and close steps.

`battle_phase` loops attack steps until the turn player ends the phase. Each attack runs the
pluggable list `engine.battle_steps` inside a `battle_round` frame. The battle in progress is
`state.battle` (plain data): attacker, target, booster, and units that cannot be hit.

A unit with `column_attack` battles every unit of one opponent's column at once (D-BT01-082).
Such a battle also records `targets` ([uid, circle] pairs, front row first; `target` is the
first) and `guarding` (guardian uid → the attacked unit it guards). Decision, as the seeds only
speak of "one of your attacked units" (sentinels, the quick shield ticket): every attacked unit
is guarded on its own (each guardian and intercept names the unit it guards), the hits are
judged together (one `hit`/`no_hit` event per attacked unit), then hit rear-guards are retired,
then a hit vanguard takes the damage checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from vgcore import actions
from vgcore.abilities import extra_options
from vgcore.decisions import Action, shared_action
from vgcore.framekind import FrameKind
from vgcore.phases import take
from vgcore.selectors import in_state
from vgcore.types import FRONT, GC, VC, Until, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat

STANDARD_BATTLE_STEPS: Final = ("boost_step", "guard_step", "drive_step", "damage_step",
                                "close_step")

GUARD_IN_TWOS: Final = "guard_with_two_or_more"
"""A player state: each call of guardians from hand must call two or more cards at the same
time (D-BT01-074). The picked cards wait in `battle["guard_group"]` (still in hand) until the
player answers `call-guardians`; intercepts and plugin answers are not calls from hand."""
CALL_GUARDIANS: Final = "call-guardians"


def run_battle_phase(game: Game, frame: Frame) -> None:
    if frame.get("s", 0) == 0:
        frame["s"] = 1
        game.emit("battle_start", seat=game.state.turn_player)
    game.push({"k": "attack_step"})


# -- attack step -------------------------------------------------------------------------


def may_attack(game: Game) -> bool:
    """The first player does not attack on the first turn (RULES.md §5 attack step); a tag
    fight has no attack in its first three turns (§13: format key `no_attack_turns`)."""
    return game.state.turn > game.engine.format.attack_free_turns


def attack_options(game: Game, seat: Seat) -> list[Action]:
    """Standing front-row units attack the opponent's front-row units (RULES.md §5).

    Effects widen this: a unit with `attack_from_back_row` may attack from the back row, and
    one with `attack_back_column` may also target the opponent's back-row unit in its column.
    """
    options: list[Action] = []
    if may_attack(game):
        foe = game.opponent(seat)
        front = [f"{foe}.{c}" for c in game.front_row(foe) if game.unit_at(foe, c) is not None]
        rested = game.state.rested
        # Each unit is asked about a restriction only when something could give it at all.
        barred = game.may_have("cannot_attack")
        from_back = game.may_have("attack_from_back_row")
        by_column = game.may_have("column_attack")
        back_too = game.may_have("attack_back_column")
        for circle, uid in game.units(seat):
            if rested[uid] or (barred and game.has(uid, "cannot_attack")):
                continue
            row, column = game.state.players[seat].circles[circle]
            if row != FRONT and not (from_back and game.has(uid, "attack_from_back_row")):
                continue
            if by_column and game.has(uid, "column_attack"):
                targets = column_targets(game, foe)
            else:
                targets = front
                if back_too and game.has(uid, "attack_back_column"):
                    targets = front + back_of_column(game, foe, -column)
            options.extend(shared_action("attack", (circle, t)) for t in targets)
    options.append(shared_action("end"))
    return options


def back_of_column(game: Game, foe: Seat, column: int) -> list[str]:
    """The opponent's back-row unit facing a column (the columns mirror across the table)."""
    return [f"{foe}.{c}" for c, (row, col) in game.state.players[foe].circles.items()
            if row != FRONT and col == column and game.unit_at(foe, c) is not None]


def column_targets(game: Game, foe: Seat) -> list[str]:
    """Each opponent's column holding a unit, as one target: its circles joined by `+`, front
    row first (`B.RC.FL+B.RC.BL`)."""
    columns: dict[int, list[tuple[bool, str]]] = {}
    for c, (row, col) in game.state.players[foe].circles.items():
        if game.unit_at(foe, c) is not None:
            columns.setdefault(col, []).append((row != FRONT, c))
    return ["+".join(f"{foe}.{c}" for _, c in sorted(cells))
            for _, cells in sorted(columns.items())]


def attacked_units(battle: dict) -> list[tuple[int, str]]:
    """(uid, circle) of every unit the battle attacks: one, or a column's."""
    targets = battle.get("targets")
    if targets is None:
        return [(battle["target"], battle["target_circle"])]
    return [(uid, circle) for uid, circle in targets]


def run_attack_step(game: Game, frame: Frame) -> None:
    """Declare an attack, then (still declaring, so no abilities resolve yet) a boost."""
    seat = game.state.turn_player
    if frame.get("hold"):
        game.ask(seat, "boost", "Boost the attacking unit?",
                 [shared_action("boost"), shared_action("no-boost")], optional=True)
        return
    game.ask(seat, "attack", "Attack with a front-row unit, or end the battle phase.",
             attack_options(game, seat))


def answer_attack_step(game: Game, frame: Frame, action: Action) -> None:
    seat = game.state.turn_player
    if action.verb in ("boost", "no-boost"):
        game.pop()
        if action.verb == "boost":
            boost(game)
        game.push({"k": "battle_round", "i": 0})
        return
    if action.verb == "end":
        game.pop()
        game.pop()  # the battle phase ends too
        game.emit("battle_phase_end", seat=seat)
        return
    circle, target_ref = action.args
    refs = [ref.split(".", 1) for ref in target_ref.split("+")]
    declare_attack(game, seat, circle, refs[0][0], refs[0][1],
                   also=[c for _, c in refs[1:]] if len(refs) > 1 else None)
    if booster_for(game) is not None:
        frame["hold"] = True  # ask the boost next, before "when attacks" abilities resolve
        return
    game.pop()
    game.push({"k": "battle_round", "i": 0})


def declare_attack(game: Game, seat: Seat, circle: str, target_seat: Seat,
                   target_circle: str, *, also: list[str] | None = None) -> None:
    """Rest the attacker and open the battle; `also` names the other circles of an attacked
    column (the same seat as the target)."""
    attacker = game.unit_at(seat, circle)
    target = game.unit_at(target_seat, target_circle)
    assert attacker is not None and target is not None
    actions.rest(game, attacker)
    battle = game.state.battle = {
        "attacker": attacker, "attacker_seat": seat, "attacker_circle": circle,
        "target": target, "target_seat": target_seat, "target_circle": target_circle,
        "booster": None, "booster_circle": None, "boost_applied": False,
        "no_hit": [], "hit": None, "drive_grades": [],
    }
    extra = {}
    if also is not None:
        battle["targets"] = [[target, target_circle]] + [
            [game.unit_at(target_seat, c), c] for c in also]
        battle["guarding"] = {}
        extra["targets"] = [f"{target_seat}.{c}" for c in (target_circle, *also)]
    game.emit("attack", seat=seat, circle=circle, card=game.state.card_ids[attacker],
              uid=attacker, target=f"{target_seat}.{target_circle}",
              target_card=game.state.card_ids[target], target_uid=target, **extra)


def run_battle_round(game: Game, frame: Frame) -> None:
    steps = game.engine.battle_steps
    i = frame["i"]
    if i >= len(steps):
        game.pop()
        return
    frame["i"] = i + 1
    game.push({"k": steps[i], "s": 0})


# -- boost -------------------------------------------------------------------------------


def booster_for(game: Game) -> int | None:
    """A standing unit with boost directly behind the attacker, if any."""
    battle = game.state.battle
    assert battle is not None
    seat = battle["attacker_seat"]
    back = game.behind(seat, battle["attacker_circle"])
    if back is None:
        return None
    uid = game.unit_at(seat, back)
    if uid is None or game.state.rested[uid] or not game.has_skill(uid, "boost"):
        return None
    return uid


def boost(game: Game) -> None:
    battle = game.state.battle
    assert battle is not None
    uid = booster_for(game)
    assert uid is not None
    actions.rest(game, uid)
    battle["booster"] = uid
    battle["booster_circle"] = game.state.loc[uid][1]
    game.emit("boost", seat=battle["attacker_seat"], circle=battle["booster_circle"],
              card=game.state.card_ids[uid], uid=uid, boosted_circle=battle["attacker_circle"],
              boosted_uid=battle["attacker"])


def run_boost_step(game: Game, frame: Frame) -> None:
    """The boost's power is added once "when attacks/boosts" abilities have resolved.

    RULES.md §5 (Decision, `003_*`): those abilities resolve before the boost's power is added;
    they resolved at the check timing just before this step.
    """
    game.pop()
    battle = game.state.battle
    assert battle is not None
    battle["boost_applied"] = battle["booster"] is not None


# -- guard step --------------------------------------------------------------------------


def guard_options(game: Game, seat: Seat) -> list[Action]:
    """Guardians from hand under the format's rules, intercepts, plugin answers, `done`.

    `premium`: a guardian's grade must not exceed the defender's vanguard's, and a unit with
    no printed shield cannot guard (`004_*`); V/D: any unit, a shieldless one guards for 0.
    In a column battle each answer also names the attacked unit it guards (`guard <id> RC.BL`).
    """
    st = game.state
    battle = st.battle
    assert battle is not None
    callable_ids = hand_guardians(game, seat)
    guarded = guarded_circles(game, battle)
    group = battle.get("guard_group")
    if group is not None:  # calling several together: more of them, or call them now
        left = list(callable_ids)
        for picked in group:
            left.remove(picked[0])
        options = guard_answers(sorted(set(left)), guarded)
        if len(group) >= 2:
            options.append(shared_action(CALL_GUARDIANS))
        return options
    fewest = 2 if in_state(game, seat, GUARD_IN_TWOS) else 1
    options = (guard_answers(sorted(set(callable_ids)), guarded)
               if len(callable_ids) >= fewest else [])
    attacked = {uid for uid, _ in attacked_units(battle)}
    for circle in game.front_row(seat):
        uid = game.unit_at(seat, circle)
        if (uid is not None and circle != VC and uid not in attacked
                and game.has_skill(uid, "intercept") and not game.has(uid, "cannot_intercept")):
            options.extend(shared_action("intercept", (circle, *g)) for g in guarded)
    options.extend(extra_options(game, seat, "guard"))
    options.append(shared_action("done"))
    return options


def guarded_circles(game: Game, battle: dict) -> list[tuple[str, ...]]:
    """What a guard answer may add to name the unit it guards: nothing in a one-unit battle,
    each attacked unit still on its circle in a column battle."""
    if "targets" not in battle:
        return [()]
    st = game.state
    return [(circle,) for uid, circle in attacked_units(battle)
            if st.loc[uid] == (battle["target_seat"], circle)]


def guard_answers(card_ids: list[str], guarded: list[tuple[str, ...]]) -> list[Action]:
    return [shared_action("guard", (c, *g)) for c in card_ids for g in guarded]


def hand_guardians(game: Game, seat: Seat) -> list[str]:
    """The ids of the hand cards the player may call to GC now, one entry per card."""
    st = game.state
    fmt = game.engine.format
    vg = game.vanguard(seat)
    max_grade = game.grade(vg) if vg is not None else 0
    no_grade0 = vg is not None and game.has(vg, "cannot_guard_grade0")
    out = []
    for uid in st.players[seat].zones[Zone.HAND]:
        card = game.records[st.card_ids[uid]]
        if not card.is_unit:
            continue
        if fmt.guardian_grade_limit and (card.grade or 0) > max_grade:
            continue
        if fmt.no_shield_cannot_guard and card.shield is None:
            continue
        if (card.grade or 0) == 0 and no_grade0:
            continue
        out.append(card.id)
    return out


def run_guard_step(game: Game, frame: Frame) -> None:
    battle = game.state.battle
    assert battle is not None
    if not still_attacking(game):
        game.pop()
        return
    seat = battle["target_seat"]
    game.ask(seat, "guard", guard_prompt(battle), guard_options(game, seat))


def guard_prompt(battle: dict) -> str:
    group = battle.get("guard_group")
    if group is None:
        return "Guard from hand, intercept, or done."
    return (f"Guardians to call together (two or more): "
            f"{', '.join(' '.join(p) for p in group)}. Add another"
            + (", or call them." if len(group) >= 2 else "."))


def answer_guard_step(game: Game, frame: Frame, action: Action) -> None:
    battle = game.state.battle
    assert battle is not None
    seat = battle["target_seat"]
    if action.verb == "done":
        game.pop()
    elif action.verb == "guard":
        if "guard_group" in battle or in_state(game, seat, GUARD_IN_TWOS):
            battle.setdefault("guard_group", []).append(list(action.args))
        else:
            uid = take(game, seat, Zone.HAND, action.args[0])
            actions.put_guardian(game, uid, seat)
            guards(game, battle, uid, action.args[1:])
            game.emit("guard", seat=seat, card=action.args[0], uid=uid, circle=GC)
    elif action.verb == CALL_GUARDIANS:
        group = battle.pop("guard_group")
        uids = [take(game, seat, Zone.HAND, picked[0]) for picked in group]
        for uid, picked in zip(uids, group, strict=True):  # all on GC before any event
            actions.put_guardian(game, uid, seat)
            guards(game, battle, uid, picked[1:])
        for uid in uids:
            game.emit("guard", seat=seat, card=game.state.card_ids[uid], uid=uid, circle=GC)
    elif action.verb == "intercept":
        unit = game.unit_at(seat, action.args[0])
        assert unit is not None
        actions.put_guardian(game, unit, seat)
        guards(game, battle, unit, action.args[1:])
        game.emit("intercept", seat=seat, circle=action.args[0], card=game.state.card_ids[unit],
                  uid=unit)
    else:
        game.engine.apply_extra_option(game, seat, "guard", action)


def guards(game: Game, battle: dict, guardian: int, circle: Sequence[str]) -> None:
    """In a column battle, record which attacked unit a new guardian guards (`circle`: the
    answer's words after the card, a list when they waited in a snapshot's guard group)."""
    if circle:
        target = game.unit_at(battle["target_seat"], circle[0])
        battle["guarding"][str(guardian)] = target


# -- drive, damage, close ----------------------------------------------------------------


def still_attacking(game: Game) -> bool:
    """The attacker, and the target (in a column battle: one of the attacked units), are still
    on the circles the attack named."""
    b = game.state.battle
    assert b is not None
    st = game.state
    if st.loc[b["attacker"]] != (b["attacker_seat"], b["attacker_circle"]):
        return False
    seat = b["target_seat"]
    if "targets" not in b:  # one attacked unit (asked at every step of every battle)
        return st.loc[b["target"]] == (seat, b["target_circle"])
    return any(st.loc[uid] == (seat, circle) for uid, circle in attacked_units(b))


def run_drive_step(game: Game, frame: Frame) -> None:
    """A vanguard drive checks once per drive (twin drive: twice), one card at a time; so does
    another attacker that an effect lets drive (`drive_checks`, e.g. D-BT01-022)."""
    game.pop()
    b = game.state.battle
    assert b is not None
    if ((b["attacker_circle"] == VC or game.has(b["attacker"], "drive_checks"))
            and still_attacking(game)):
        count = game.drive(b["attacker"])
        if count > 0:
            game.push({"k": "check", "type": "drive", "seat": b["attacker_seat"],
                       "left": count, "card": None, "by": b["attacker"]})


def run_damage_step(game: Game, frame: Frame) -> None:
    """Hit judgement: attacker power ≥ target power hits (RULES.md §5 damage step)."""
    game.pop()
    b = game.state.battle
    assert b is not None
    if not still_attacking(game):
        b["hit"] = False
        return
    if "targets" in b:
        judge_column(game, b)
        return
    attacker, target = b["attacker"], b["target"]
    power_a, power_t = game.power(attacker), game.power(target)
    hit = (power_a >= power_t and target not in b["no_hit"]
           and not game.has(target, "cannot_be_hit"))
    b["hit"] = hit
    game.emit("hit" if hit else "no_hit", seat=b["attacker_seat"],
              target=f"{b['target_seat']}.{b['target_circle']}", attacker_power=power_a,
              target_power=power_t, attacker_uid=attacker, target_uid=target,
              attacker_circle=b["attacker_circle"], booster_uid=b["booster"])
    if not hit:
        return
    if b["target_circle"] == VC:
        game.push({"k": "check", "type": "damage", "seat": b["target_seat"],
                   "left": game.critical(attacker), "card": None, "by": attacker,
                   "hold": True})
    else:
        actions.retire(game, target)


def judge_column(game: Game, b: dict) -> None:
    """A column battle's hits: all judged first (one event per attacked unit still there),
    then the hit rear-guards retire, then a hit vanguard takes the damage checks."""
    st = game.state
    attacker, seat = b["attacker"], b["target_seat"]
    power_a = game.power(attacker)
    hits = []
    for uid, circle in attacked_units(b):
        if st.loc[uid] != (seat, circle):
            continue  # it left the battle
        power_t = game.power(uid)
        hit = power_a >= power_t and uid not in b["no_hit"] and not game.has(uid, "cannot_be_hit")
        game.emit("hit" if hit else "no_hit", seat=b["attacker_seat"], target=f"{seat}.{circle}",
                  attacker_power=power_a, target_power=power_t, attacker_uid=attacker,
                  target_uid=uid, attacker_circle=b["attacker_circle"], booster_uid=b["booster"])
        if hit:
            hits.append((uid, circle))
    b["hit"] = bool(hits)
    for uid, circle in hits:
        if circle != VC:
            actions.retire(game, uid)
    if any(circle == VC for _, circle in hits):
        game.push({"k": "check", "type": "damage", "seat": seat,
                   "left": game.critical(attacker), "card": None, "by": attacker,
                   "hold": True})


def run_close_step(game: Game, frame: Frame) -> None:
    """Guardians are retired and "end of battle" abilities resolve (at the check timing
    between the two stages); then "during this battle" effects end (RULES.md §5 close step)."""
    st = game.state
    b = st.battle
    assert b is not None
    if frame["s"] == 0:
        frame["s"] = 1
        for seat in st.seats:
            for uid in list(st.players[seat].zones[GC]):
                actions.retire(game, uid)
        grades = b["drive_grades"]
        game.emit("battle_end", seat=st.turn_player, attacker_uid=b["attacker"],
                  target_uid=b["target"], booster_uid=b["booster"], hit=b["hit"],
                  attacker_circle=b["attacker_circle"],
                  drive_grades=list(grades), drive_grade3=3 in grades)
        return
    game.pop()
    game.end_modifiers(Until.BATTLE)
    st.battle = None


FRAMES: Final = {
    "battle_phase": FrameKind(run_battle_phase),
    "attack_step": FrameKind(run_attack_step, answer_attack_step),
    "battle_round": FrameKind(run_battle_round),
    "boost_step": FrameKind(run_boost_step),
    "guard_step": FrameKind(run_guard_step, answer_guard_step),
    "drive_step": FrameKind(run_drive_step),
    "damage_step": FrameKind(run_damage_step),
    "close_step": FrameKind(run_close_step),
}
