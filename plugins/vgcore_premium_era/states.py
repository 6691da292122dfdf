"""Lock and delete (RULES.md §5 end phase; premium era): plain modifiers on the card.

A state is a set of modifier tuples `(uid, stat, amount, until, source)` whose `until` is the
state's name (`"lock"` or `"delete"`), so the standard end-of-turn/battle cleanup never touches
them and leaving the field removes them (actions.move), as with any modifier.

Locked rear-guard (turned face down): it is not a unit for effects (`not_a_unit`: selectors
skip it), cannot attack (`cannot_attack`), boost (loses the boost skill), intercept
(`cannot_intercept`), has no abilities (`no_abilities`), and no unit can be called onto its
circle nor moved into or out of it (`cannot_be_called_over`, `cannot_move`). It is unlocked
(turned face up, the modifiers removed) at the start of its owner's end phase, or by an effect
(step `unlock`; a filter `has = "locked"` finds locked cards although they are no units).

Deleted vanguard (turned face down): power 0 (a modifier of minus its printed power, so other
effects and a boost still add to it), no abilities. It is turned face up again at the start of
the next end phase (the end of the turn in which it was deleted).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vgcore.game import Game
from vgcore.scripting.declarations import Schema
from vgcore.selectors import Ctx
from vgcore.steps import TARGET_KEYS, StepKind, targeted
from vgcore.types import VC, Uid

LOCK = "lock"
UNLOCK = "unlock"
DELETE = "delete"
LOCK_STATS = (("locked", 1), ("not_a_unit", 1), ("cannot_attack", 1), ("skill:boost", -1),
              ("cannot_intercept", 1), ("no_abilities", 1), ("cannot_be_called_over", 1),
              ("cannot_move", 1))


def in_state(game: Game, uid: Uid, state: str) -> bool:
    return any(m[0] == uid and m[3] == state for m in game.state.modifiers)


def _enter(game: Game, uid: Uid, state: str, stats: tuple[tuple[str, int], ...],
           source: str) -> None:
    st = game.state
    st.modifiers.extend((uid, stat, amount, state, source) for stat, amount in stats)
    st.face_up[uid] = False


def _leave(game: Game, uids: list[Uid], state: str, event: str) -> None:
    st = game.state
    st.modifiers = [m for m in st.modifiers if not (m[0] in uids and m[3] == state)]
    for uid in uids:
        st.face_up[uid] = True
        seat, circle = st.loc[uid]
        game.emit(event, seat=seat, circle=circle, card=st.card_ids[uid], uid=uid)


def act_lock(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Lock each named rear-guard that is not locked already (the vanguard cannot be)."""
    st = game.state
    for uid in uids:
        seat, circle = st.loc[uid]
        if circle == VC or circle not in st.players[seat].circles or in_state(game, uid, LOCK):
            continue
        _enter(game, uid, LOCK, LOCK_STATS, st.card_ids[ctx.uid] if ctx.uid is not None else "")
        game.emit(LOCK, seat=seat, circle=circle, card=st.card_ids[uid], uid=uid, by=ctx.seat)


def act_delete(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Delete each named vanguard that is not deleted already (rear-guards cannot be)."""
    st = game.state
    for uid in uids:
        seat, circle = st.loc[uid]
        if circle != VC or in_state(game, uid, DELETE):
            continue
        printed = game.card(uid).power or 0
        stats = (("deleted", 1), ("power", -printed), ("no_abilities", 1))
        _enter(game, uid, DELETE, stats, st.card_ids[ctx.uid] if ctx.uid is not None else "")
        game.emit(DELETE, seat=seat, circle=circle, card=st.card_ids[uid], uid=uid, by=ctx.seat)


def act_unlock(game: Game, ctx: Ctx, uids: list[Uid], step: Mapping[str, Any]) -> None:
    """Unlock each named card that is locked (an effect's unlock; cards not locked are left)."""
    locked = [uid for uid in uids if in_state(game, uid, LOCK)]
    if locked:
        _leave(game, locked, LOCK, "unlock")


def end_phase(game: Game, event: dict[str, Any]) -> None:
    """RULES.md §5 end phase: the turn player's locked units are unlocked and deleted
    vanguards are turned face up, before "at end of turn" abilities resolve."""
    st = game.state
    if not st.modifiers:
        return
    turn_player = st.turn_player
    locked = sorted({m[0] for m in st.modifiers
                     if m[3] == LOCK and st.loc[m[0]][0] == turn_player})
    if locked:
        _leave(game, locked, LOCK, "unlock")
    deleted = sorted({m[0] for m in st.modifiers if m[3] == DELETE})
    if deleted:
        _leave(game, deleted, DELETE, "undelete")


def _kind(act: Any, prompt: str) -> StepKind:
    run, answer = targeted(act, prompt)
    return StepKind(Schema(dict(TARGET_KEYS)), run, answer)


STEPS = {LOCK: _kind(act_lock, "Choose rear-guards to lock."),
         UNLOCK: _kind(act_unlock, "Choose locked cards to unlock."),
         DELETE: _kind(act_delete, "Choose a vanguard to delete.")}
