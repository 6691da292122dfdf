"""Prison (D era): a plugin the `d-standard` format enables. See README.md.

A Prison is a set order (`order_type: prison`) that stays in its player's order zone (the
`dera` plugin plays it and leaves it there). While a player has a face-up Prison in their order
zone, effects may *imprison* the opponent's cards: they move into that player's order zone and
stay the opponent's cards. The imprisoned cards of a player are exactly the cards in that
player's order zone that another player owns; the plugin also keeps the list in the player's
flags (`imprisoned`, plain data) for views and tools.

- Step kind `imprison` (`target`, or `from` + `count`, `up_to`, `chooser`, `as`): with no Prison
  in the controller's order zone nothing happens and nothing is asked; otherwise each named
  card of another player goes face up into the controller's order zone (event `imprison`).
- Lua library `prison.lua` (`vg.prison`): `imprison(target, extra)`, the selector
  `imprisoned(filter)` and the condition `any_imprisoned(n)`.
- The opponent's extra main-phase answer: each Prison lists its release modes in the card
  field `prison_release` (a list of `{cost: soul_blast | counter_blast, amount: n, count: k}`).
  In their own main phase, a player whose cards are imprisoned in the opponent's Prison may pay
  a mode's cost to take back `count` of them (as many as there are, up to `count`) and call them
  to their rear-guard circles: answer `free <cost>` (offered only when the cost can be paid; the
  first mode of that cost, in card order), then the cards to free and the cards that pay are
  picked one at a time (`choose <ref>`, SCENARIOS.md §2). Event `free` per card, then the
  core's `call` (superior, source `order_zone`).

Registered through the `vgcore` entry-point group as `prison`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vgcore import hookimpl
from vgcore.decisions import Action
from vgcore.engine import FrameKind, PluginScope
from vgcore.game import Game
from vgcore.steps import StepKind
from vgcore.types import Zone
from vgcore.views import view_adds
from vgcore_prison.jail import (
    FLAG,
    FRAMES,
    IMPRISON,
    RELEASE_COSTS,
    RELEASE_FIELD,
    Release,
    act_imprison,
    free_options,
    held,
    imprisoned,
    prisons,
    release_modes,
    release_table,
    start_free,
)

__all__ = ["Release", "act_imprison", "free_options", "held", "imprisoned", "prisons",
           "release_modes", "release_table"]

HERE = Path(__file__).parent

# -- hooks ---------------------------------------------------------------------------------------


@hookimpl
def vgcore_card_fields() -> dict[str, dict[str, Any]]:
    return {RELEASE_FIELD: {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"cost": {"enum": list(RELEASE_COSTS)},
                           "amount": {"type": "integer", "minimum": 0},
                           "count": {"type": "integer", "minimum": 1}},
            "required": ["cost"],
            "additionalProperties": False,
        },
    }}


@hookimpl
def vgcore_lua_libs() -> list[Path]:
    return [HERE / "prison.lua"]


@hookimpl
def vgcore_step_kinds(fmt: Any) -> dict[str, StepKind]:
    return {"imprison": IMPRISON}


@hookimpl
def vgcore_event_kinds(fmt: Any) -> list[str]:
    return ["imprison", "free"]


@hookimpl
def vgcore_event_card_fields(fmt: Any) -> dict[str, list[str]]:
    return {"imprison": ["card"], "free": ["card"]}


@hookimpl
def vgcore_frame_kinds(fmt: Any) -> dict[str, FrameKind]:
    return dict(FRAMES)


@hookimpl
def vgcore_extra_options(game: Game, seat: str, kind: str) -> list[Action]:
    if kind != "main":
        return []
    return free_options(game, seat)


@hookimpl
def vgcore_apply_option(game: Game, seat: str, kind: str, action: Action) -> bool | None:
    if action.verb != "free":
        return None
    start_free(game, seat, action)
    return True


@hookimpl
@view_adds("imprisoned")  # observations read none of it: observed_view skips it
def vgcore_view(game: Game, seat: str | None, view: dict[str, Any]) -> None:
    """Imprisoned cards are public (face up in an order zone): list them per jailer."""
    if "imprisoned" in view:
        return
    st = game.state
    view["imprisoned"] = {s: [st.card_ids[u] for u in imprisoned(game, s)] for s in st.seats}


@hookimpl
def vgcore_flag_shapes(fmt: Any) -> dict[str, dict[str, str]]:
    """This plugin's player flags and their shapes (snapshots refuse any other)."""
    return {"player": {FLAG: "[uid]"}}


@hookimpl
def vgcore_plugin_scope(fmt: Any) -> PluginScope:
    """Freeing cards is a main-phase answer, and only a Prison imprisons; a seat's cards are
    freed only while some of them are held in the opponent's order zone (their Prison's)."""
    return PluginScope(option_kinds=frozenset({"main"}),
                       cards=lambda card: card.order_type == "prison",
                       option_cards=lambda card: True,
                       option_opponent_zones=frozenset({Zone.ORDER}),
                       option_own_cards=True)
