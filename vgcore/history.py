"""Turn history: what happened this turn, read from the event log (docs/lua-api.md §6).

Card texts such as "if you played an order this turn" or "if this unit was stood by a card
effect this turn" ask about the past. Rather than each card keeping hidden bookkeeping, a
condition `{this_turn = <trigger table>}` counts the events logged since the current turn
began that match a trigger table (the language of `when`, docs/lua-api.md §3.1). The log is
part of the state, so the history round-trips through snapshots and replays by itself.

The events of the current turn are indexed by kind beside the state (like the CONT cache):
the index grows with the log and starts again when a `turn_start` is logged, so a CONT
condition read after every event looks only at the few events of the kinds it names.

"This very card" (a `"self"` role) needs one fact the log does not say plainly: whether the
card is still the object the event was about. A card that changes zones (other than moving
between circles of the field) becomes a new object (RULES.md §1); `actions.move` notes the
log position of that change in the game flag `entered`, and a `"self"` role matches only
events logged since.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from vgcore.eventdicts import NUMBERS, SHARED_NUMBERS, SHARED_UID_KEYS, UID_KEYS
from vgcore.scripting.declarations import WHEN_CARD_ROLES

if TYPE_CHECKING:
    from vgcore.game import Game
    from vgcore.selectors import Ctx
    from vgcore.state import Event, GameState
    from vgcore.types import Uid

ENTERED: Final = "entered"
# The shared objects of vgcore.eventdicts as this compiled module's own constants (an
# imported name is otherwise looked up in the module's dict at every read).
_NUMBERS: Final = NUMBERS
_UID_KEYS: Final = UID_KEYS
"""Game flag {str(uid): log position}: where each card last became a new object."""


class TurnHistory:
    """The current turn's events by kind (derived data, rebuilt from the log on demand)."""

    __slots__ = ("by_kind", "state", "upto")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.by_kind: dict[str, list[Event]] = {}
        log = state.log
        start = len(log)
        while start > 0 and log[start - 1]["kind"] != "turn_start":
            start -= 1
        self.upto = max(start - 1, 0)  # the turn_start itself belongs to the turn
        self.extend()

    def extend(self) -> None:
        """Take in the events logged since the last read (a new turn starts over). A plain
        loop by index: each event's kind read once, as a str (a typed comparison), and its
        list found with one lookup (read after every few events: ~1 k instructions an
        event with `setdefault` and a slice)."""
        log = self.state.log
        by_kind = self.by_kind
        for i in range(self.upto, len(log)):
            event = log[i]
            kind: str = event["kind"]
            if kind == "turn_start":
                by_kind = self.by_kind = {}
            found = by_kind.get(kind)
            if found is None:
                by_kind[kind] = [event]
            else:
                found.append(event)
        self.upto = len(log)


def this_turn(game: Game) -> TurnHistory:
    """The current turn's history, brought up to date with the log."""
    history = game.history_cache
    st = game.state
    if history is None or history.state is not st or history.upto > len(st.log):
        history = TurnHistory(st)
        game.history_cache = history
    elif history.upto < len(st.log):
        history.extend()
    return history


def count_this_turn(game: Game, ctx: Ctx, when: Mapping[str, Any]) -> int:
    """How many events of the current turn match a trigger table, seen from `ctx`."""
    trigger_matches = _trigger_matcher()
    by_kind = this_turn(game).by_kind
    selves = [_role_field(role) for role, want in when.items()
              if role in WHEN_CARD_ROLES and _is_self(want)]
    count = 0
    for kind in when["event"]:
        for event in by_kind.get(kind, ()):
            if selves and not all(same_object(game, event.get(f), event["n"]) for f in selves):
                continue
            if trigger_matches(game, ctx, when, event):
                count += 1
    return count


_TRIGGER_MATCHES: Callable[[Game, Ctx, Mapping[str, Any], Event], bool] | None = None


def _trigger_matcher() -> Callable[[Game, Ctx, Mapping[str, Any], Event], bool]:
    """abilities.trigger_matches, imported on first use (abilities imports this module).
    Kept here: an import statement in `count_this_turn` cost ~8 k instructions a call
    compiled."""
    global _TRIGGER_MATCHES
    if _TRIGGER_MATCHES is None:
        from vgcore.abilities import trigger_matches

        _TRIGGER_MATCHES = trigger_matches
    return _TRIGGER_MATCHES


def same_object(game: Game, uid: Uid | None, n: int) -> bool:
    """Whether the card is still the object it was when event `n` was logged."""
    if uid is None:
        return False
    entered = game.state.flags.get(ENTERED)
    return entered is None or entered.get(str(uid), 0) <= n


def note_new_object(game: Game, uid: Uid) -> None:
    """A card changed zones (not circle to circle): from now on it is a new object."""
    st = game.state
    n = len(st.log)
    key = _UID_KEYS[uid] if 0 <= uid < SHARED_UID_KEYS else str(uid)
    st.flags.setdefault(ENTERED, {})[key] = _NUMBERS[n] if n < SHARED_NUMBERS else n


def _role_field(role: str) -> str:
    return "uid" if role == "subject" else f"{role}_uid"


def _is_self(want: Any) -> bool:
    return want == "self" or (isinstance(want, Mapping) and want.get("self") is True)
