"""The two-card vanguard (RULES.md §12): leader and mate are one vanguard for all purposes.

The mate lies in the plugin zone `legion_mate`, a field zone that stands on VC
(`ZoneSpec.circle`): its abilities work as a vanguard's, zone words and filters find it on VC,
and the leader stays the circle's unit (`Game.vanguard`), so attacks, drive checks, guards and
hit judgement go through the leader. The rules below make the pair act as one.
"""

from __future__ import annotations

from typing import Any

from vgcore import actions
from vgcore.engine import modifies
from vgcore.errors import FormatError
from vgcore.game import Game
from vgcore.types import VC, Uid, Zone
from vgcore_legion.act import MATE_ZONE, mate_of

CRITICAL_OPTION = "legion_critical"   # format option: whose critical deals the damage
CRITICAL_MODES = ("leader", "sum")
FORCE_POWER = 10_000                  # force I, per marker (RULES.md §11)
PAIR_STATS = frozenset({"power", "critical", "cannot_attack"})
FOLLOW = "legion_end"                 # the `how` of the event that moves a mate after its leader


def critical_mode(fmt: Any) -> str:
    """The format option `legion_critical`: `leader` (default) or `sum`; anything else is a
    clear error when the format's engine is built."""
    mode = fmt.options.get(CRITICAL_OPTION, "leader")
    if mode not in CRITICAL_MODES:
        raise FormatError(f"format {fmt.id!r}: options.{CRITICAL_OPTION} must be one of "
                          f"{', '.join(CRITICAL_MODES)}, not {mode!r}")
    return str(mode)


# -- values ----------------------------------------------------------------------------------


@modifies(*PAIR_STATS)
def pair_modifier(game: Game, uid: Uid, stat: str) -> int:
    """The leader's power adds the mate's (each with its own modifiers); its critical adds
    the mate's under `legion_critical: sum`; a legion with a rested mate cannot attack. The
    mate gets force I/II like the leader (RULES.md §12)."""
    if stat not in PAIR_STATS:
        return 0
    st = game.state
    seat, zone = st.loc[uid]
    if zone == MATE_ZONE:
        return mate_force(game, seat, uid, stat)
    if zone != VC:
        return 0
    mate = mate_of(game, seat)
    if mate is None:
        return 0
    if stat == "power":
        return game.power(mate)
    if stat == "critical":
        return game.critical(mate) if critical_mode(game.engine.format) == "sum" else 0
    return 1 if st.rested[mate] else 0


def mate_force(game: Game, seat: str, mate: Uid, stat: str) -> int:
    """Force markers on VC count for the mate too: +10000 power per force I marker during its
    owner's turn; force II makes its critical 2 (or, under the gifts option
    `force2: critical_plus_1`, +1 per marker during its owner's turn)."""
    st = game.state
    marks = st.players[seat].markers.get(VC)
    if not marks or stat == "cannot_attack":
        return 0
    my_turn = st.turn_player == seat
    if stat == "power":
        return FORCE_POWER * marks.count("force-1") if my_turn else 0
    if "force-2" not in marks:
        return 0
    gifts = game.engine.format.options.get("gifts") or {}
    if gifts.get("force2") == "critical_plus_1":
        return marks.count("force-2") if my_turn else 0
    return 2 - (game.card(mate).critical or 0)


# -- the pair rests, stands and leaves together ----------------------------------------------


def mirror_leader(game: Game, event: dict[str, Any]) -> None:
    """The legion attacks with both: when the leader rests (or stands), so does the mate."""
    uid = event.get("uid")
    if uid is None or event.get("circle") != VC:
        return
    mate = mate_of(game, event["seat"])
    if mate is None or game.vanguard(event["seat"]) != uid:
        return
    if event["kind"] == "rest":
        actions.rest(game, mate)
    else:
        actions.stand(game, mate)


def stand_mate(game: Game, event: dict[str, Any]) -> None:
    """Stand phase: a rested mate stands like every rested unit (even if its leader stands)."""
    if event.get("phase") != "stand":
        return
    mate = mate_of(game, event["seat"])
    if mate is not None:
        actions.stand(game, mate)


def mate_to_soul(game: Game, event: dict[str, Any]) -> None:
    """A ride (or stride) over the legion: the leader left VC, the mate goes to the soul."""
    seat = event["seat"]
    mate = mate_of(game, seat)
    if mate is not None:
        follow(game, seat, mate, seat, Zone.SOUL, "soul")


def follow_leader(game: Game, event: dict[str, Any]) -> None:
    """An effect put the leader elsewhere (`put` or `retire` from VC): the mate goes with it,
    into the same zone."""
    if event.get("from") != VC:
        return
    st = game.state
    seat = event.get("from_seat") or event["seat"]
    mate = mate_of(game, seat)
    if mate is None or game.vanguard(seat) == event["uid"]:
        return
    if event["kind"] == "retire":
        actions.retire(game, mate)
        return
    to_seat, to_zone = st.loc[event["uid"]]
    if to_zone not in (Zone.SOUL, Zone.DAMAGE):
        to_seat = st.owners[mate]
    follow(game, seat, mate, to_seat, to_zone, event.get("to", to_zone),
           face_up=st.face_up[event["uid"]])


def follow(game: Game, seat: str, mate: Uid, to_seat: str, zone: str, to: str, *,
           face_up: bool = True) -> None:
    st = game.state
    actions.move(game, mate, to_seat, zone, face_up=face_up)
    game.emit("put", seat=to_seat, card=st.card_ids[mate], uid=mate, to=to, from_seat=seat,
              how=FOLLOW, **{"from": MATE_ZONE})
