"""Tag guard (RULES.md §13): the defender's teammate may also guard the attacked unit.

The core `guard_step` frame kind is replaced by one that takes turns between the members of
the defending team, the defender first: the defender answers the core guard decision (`guard`,
`intercept`, plugins' answers, `done`), the teammate a `tag-guard` decision (`tag-guard <id>`,
`done`). Each keeps being asked until they answer `done`; the step ends when every member has
said `done` in a row, so a member may still react to what the other added. A teammate with no
card that may tag guard is passed over without a question.

A tag guardian comes from the teammate's hand and goes rested onto the *defender's* GC (its
shield counts for the attacked unit as the core counts every guardian there); at the close
step it is retired, and a retired card goes to its owner's drop — the teammate's. Perfect
guards (cards with the sentinel mark) and intercepts are never offered: the sentinel's effect
protects one of *its player's* attacked units, and intercept needs the player's own unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vgcore import actions
from vgcore.battle import answer_guard_step as answer_core_guard
from vgcore.battle import guard_options, still_attacking
from vgcore.decisions import Action
from vgcore.phases import take
from vgcore.types import GC, Zone

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.state import Frame
    from vgcore.types import Seat

TAG_GUARD = "tag-guard"  # the teammate's decision kind and answer verb
CANNOT_GUARD_GRADE0 = "cannot_guard_grade0"


def defending_team(game: Game) -> tuple[Seat, ...]:
    """The seats asked in the guard step, in turn: the defender, then the teammates."""
    battle = game.state.battle
    assert battle is not None
    defender = battle["target_seat"]
    return (defender, *game.teammates(defender))


def tag_guard_options(game: Game, seat: Seat) -> list[Action]:
    """`tag-guard <id>` for each hand card `seat` may put on the teammate's GC.

    The guarding player's own situation decides, as for a guard of their own: under
    `guardian_grade_limit` the card's grade is compared with *their* vanguard's, and a
    restriction on *their* vanguard (`cannot_guard_grade0`) applies — one the opponent put
    on the defender's vanguard does not stop the teammate (RULES.md §13).
    """
    st = game.state
    fmt = game.engine.format
    vg = game.vanguard(seat)
    max_grade = game.grade(vg) if vg is not None else 0
    no_grade0 = vg is not None and game.has(vg, CANNOT_GUARD_GRADE0)
    options = []
    for card_id in sorted({st.card_ids[u] for u in st.players[seat].zones[Zone.HAND]}):
        card = game.engine.db[card_id]
        if not card.is_unit or card.sentinel:
            continue
        grade = card.grade or 0
        if fmt.guardian_grade_limit and grade > max_grade:
            continue
        if fmt.no_shield_cannot_guard and card.shield is None:
            continue
        if grade == 0 and no_grade0:
            continue
        options.append(Action(TAG_GUARD, (card_id,)))
    return options


def tag_guard(game: Game, seat: Seat, defender: Seat, card_id: str) -> None:
    """Put one of `seat`'s hand cards rested onto the defender's GC as a guardian."""
    uid = take(game, seat, Zone.HAND, card_id)
    actions.put_guardian(game, uid, defender)
    game.emit("guard", seat=seat, card=card_id, uid=uid, circle=GC, how=TAG_GUARD,
              defender=defender)


def run_tag_guard_step(game: Game, frame: Frame) -> None:
    if not still_attacking(game):
        game.pop()
        return
    team = defending_team(game)
    who = frame.get("who", 0)
    seat = team[who]
    if who == 0:
        game.ask(seat, "guard", "Guard from hand, intercept, or done.", guard_options(game, seat))
        return
    options = tag_guard_options(game, seat)
    if not options:
        pass_turn(game, frame, len(team))  # nothing to offer: no question, no log entry
        return
    game.ask(seat, TAG_GUARD, f"Tag guard for {team[0]} from your hand, or done.",
             [*options, Action("done")])


def answer_tag_guard_step(game: Game, frame: Frame, action: Action) -> None:
    team = defending_team(game)
    if action.verb == "done":
        pass_turn(game, frame, len(team))
        return
    frame["passes"] = 0
    if action.verb == TAG_GUARD:
        tag_guard(game, team[frame.get("who", 0)], team[0], action.args[0])
    else:  # the defender's own answers: guard, intercept, plugins' answers
        answer_core_guard(game, frame, action)


def pass_turn(game: Game, frame: Frame, members: int) -> None:
    """One member is done; the step ends when all are done in a row, else the next is asked."""
    passes = frame.get("passes", 0) + 1
    if passes >= members:
        game.pop()
        return
    frame["passes"] = passes
    frame["who"] = (frame.get("who", 0) + 1) % members
