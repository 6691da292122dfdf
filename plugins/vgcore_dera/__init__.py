"""D-era rules that only `d-standard` has, as a plugin the format enables (RULES.md §5).

Persona ride: riding a grade 3 with the persona ride icon onto a vanguard of the same name
draws a card, and for the rest of the turn the player's front-row units get +10000 power —
a unit that moves to the front row later gains it, one that moves to the back loses it, so
it is a continuous modifier read from a per-turn player flag rather than a modifier on units.
The `persona_ride` event lets card abilities react ("when you persona ride", "if you persona
rode this turn").

Orders (normal, blitz, set) are in `orders.py` (compiled with the engine where vgcore is built).

Registered through the `vgcore` entry-point group as `dera`, exactly like a third-party plugin.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import actions, hookimpl
from vgcore.decisions import Action
from vgcore.engine import PluginScope, judges, modifies
from vgcore.game import Game
from vgcore.types import FRONT, Zone
from vgcore.views import view_adds
from vgcore_dera import orders

HERE = Path(__file__).parent
PERSONA_POWER = 10_000
FLAG = "persona_ride_turn"


def on_ride(game: Game, event: dict[str, Any]) -> None:
    """A ride onto a same-named vanguard by a persona ride unit is a persona ride."""
    previous = event.get("previous_uid")
    if previous is None:
        return
    new = game.card(event["uid"])
    if not new.persona_ride or game.card(previous).name != new.name:
        return
    seat = event["seat"]
    game.state.players[seat].flags[FLAG] = game.state.turn
    game.emit("persona_ride", seat=seat, card=new.id, uid=event["uid"])
    actions.draw(game, seat, 1)


def persona_rode_this_turn(game: Game) -> bool:
    """Whether a player persona rode this turn (else `persona_power` adds nothing)."""
    turn = game.state.turn
    return any(p.flags.get(FLAG) == turn for p in game.state.players.values())


@modifies("power", when=persona_rode_this_turn)
def persona_power(game: Game, uid: int, stat: str) -> int:
    """+10000 to every front-row unit of a player who persona rode this turn."""
    if stat != "power":
        return 0
    seat, zone = game.state.loc[uid]
    player = game.state.players[seat]
    if player.flags.get(FLAG) != game.state.turn:
        return 0
    layout = player.circles.get(zone)
    return PERSONA_POWER if layout is not None and layout[0] == FRONT else 0


@judges("order", spec_only=True)  # an order's ability is left out of the game's ACTs
def not_as_act(game: Game, seat: str, uid: int, ability: Any) -> bool:
    """An order's ability is played as an order, never offered as an ACT."""
    return not ability.spec.get("order")


@hookimpl
def vgcore_event_listeners(fmt: Any) -> dict[str, list[Any]]:
    return {"ride": [on_ride]}


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    return [HERE / "dera.lua"]


@hookimpl
@view_adds("world")  # observations read none of it: observed_view skips it
def vgcore_view(game: Game, seat: str | None, view: dict[str, Any]) -> None:
    """Each player's World state is public (the order zone is): `world`, seat -> state."""
    if "world" not in view:
        view["world"] = {s: orders.world_state(game, s) for s in game.state.seats}


@hookimpl
def vgcore_continuous_modifiers(fmt: Any) -> list[Any]:
    return [persona_power]


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return ["persona_ride", "order", "order_set", "alchemagic"]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {"persona_ride": ["card"], "order": ["card"], "order_set": ["card"],
            "alchemagic": ["card", "bound"]}


@hookimpl
def vgcore_validity_keys(fmt: Any) -> dict[str, str]:
    return {"order": "bool"}


@hookimpl
def vgcore_ability_validity(fmt: Any) -> list[Any]:
    return [not_as_act]


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, Any]:
    return dict(orders.FRAMES)


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    """Asked only at main-phase and guard questions (the scope's `option_kinds`) with an order
    of that kind in hand. (A function of this module: `orders` is compiled where vgcore is
    built, and a compiled function cannot carry the hook's marker.)"""
    return orders.order_options(game, seat, kind)


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if action.verb != "order":
        return None
    bound = action.args[2] if len(action.args) == 3 else None  # `order X alchemagic Y`
    orders.play_order(game, seat, action.args[0], bound)
    return True


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {FLAG: "int", orders.COUNT_FLAG: "{turn: int, count: int}"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """Orders are offered in the main phase and (blitz orders) the guard step, only in games
    that hold an order and at decisions where the seat has one in hand; persona ride and the
    rest apply in every game."""
    return PluginScope(option_kinds=frozenset({"main", "guard"}),
                       option_cards=lambda card: card.kind == "order",
                       option_cards_by_kind={kind: orders.played_at(kind)
                                             for kind in ("main", "guard")},
                       option_zones=frozenset({Zone.HAND}))
