"""Legion (RULES.md §12): a plugin `premium` enables. See README.md.

A vanguard whose card names a legion mate (card field `legion: {mate: <name>}`) may, in its
player's main phase, return 4 drop cards to the deck and search out its mate, which is put on
VC beside it: leader and mate are then one vanguard (power summed, resting and leaving
together). The mate lies in the seat's zone `legion_mate`, which stands on VC, so its
abilities work as a vanguard's. Seats whose deck holds no legion card have no such zone, and
nothing of the plugin shows in their games: no answer, step, flag or event.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vgcore import hookimpl
from vgcore.decisions import Action
from vgcore.engine import FrameKind, PluginScope
from vgcore.game import Game
from vgcore.types import VC
from vgcore.views import unit_view
from vgcore.zones import ZoneSpec
from vgcore_legion.act import (
    FIELD,
    MATE_ZONE,
    USED_FLAG,
    VERB,
    answer_legion,
    legion_options,
    mate_name,
    mate_of,
    run_legion,
    start_legion,
)
from vgcore_legion.pair import (
    critical_mode,
    follow_leader,
    mate_to_soul,
    mirror_leader,
    pair_modifier,
    stand_mate,
)

__all__ = ["FIELD", "MATE_ZONE", "VERB", "mate_name", "mate_of"]

HERE = Path(__file__).parent


@hookimpl
def vgcore_card_fields() -> dict[str, dict[str, Any]]:
    """`legion: {mate: "<card name>"}`: this unit legions with the card of that name."""
    return {FIELD: {"type": "object", "required": ["mate"], "additionalProperties": False,
                    "properties": {"mate": {"type": "string", "minLength": 1}}}}


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    return [HERE / "legion.lua"]


@hookimpl
def vgcore_zones(fmt: Any) -> list[ZoneSpec]:
    # A seat whose deck has no legion cards has no mate zone (vgcore_setup_game).
    return [ZoneSpec(MATE_ZONE, field=True, circle=VC, optional=True)]


@hookimpl
def vgcore_setup_game(game: Game, decks: Mapping[str, Any] | None) -> None:
    """A seat set up from a deck without any legion card gets no `legion_mate` zone: its
    state is exactly as without this plugin (the golden game stays the same). A written
    board keeps the zone for every seat."""
    if decks is None:
        return
    db = game.engine.db
    for seat, player in game.state.players.items():
        deck = decks.get(seat)
        cards = tuple(getattr(deck, "main", ()) or ())
        if not any(FIELD in db[c].extra for c in cards if c in db):
            player.zones.pop(MATE_ZONE, None)


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, FrameKind]:
    # Not interruptible: nothing the returned cards trigger resolves before the mate is out.
    return {"legion": FrameKind(run_legion, answer_legion, interruptible=False,
                                fields=(("seat", "seat", True), ("leader", "uid", True),
                                        ("mate", "text", True)))}


@hookimpl
def vgcore_continuous_modifiers(fmt: Any) -> list[Any]:
    critical_mode(fmt)  # a bad `legion_critical` option fails here, when the engine is built
    return [pair_modifier]


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return [VERB]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {VERB: ["card", "mate"]}


@hookimpl
def vgcore_event_listeners(fmt: Any) -> dict[str, list[Any]]:
    return {"rest": [mirror_leader], "stand": [mirror_leader], "phase": [stand_mate],
            "ride": [mate_to_soul], "stride": [mate_to_soul],
            "put": [follow_leader], "retire": [follow_leader]}


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    return legion_options(game, seat) if kind == "main" else []


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if kind != "main" or action.verb != VERB:
        return None
    start_legion(game, seat)
    return True


@hookimpl
def vgcore_view(game: Game, seat: str | None, view: dict[str, Any]) -> None:
    """The mate is public: its unit (power, critical, rested…) is shown beside the vanguard
    as `circles.VC.legion_mate` (the zone `legion_mate` lists its id as well)."""
    for owner, side in view["players"].items():
        mate = mate_of(game, owner)
        if mate is None:
            continue
        circle = side["circles"].get(VC) or {}
        circle[MATE_ZONE] = unit_view(game, mate, owner == seat)
        side["circles"][VC] = circle


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {USED_FLAG: "[uid]"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """Legion is a main-phase answer, and a game without a card that names a mate has no
    legion to offer, mirror or follow."""
    return PluginScope(option_kinds=frozenset({"main"}), cards=lambda card: FIELD in card.extra)
