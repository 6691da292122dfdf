"""Every hook a vgcore plugin may implement, grouped by lifecycle (DESIGN.md §7).

Plugins are discovered through the `vgcore` entry-point group; the standard rules are a
plugin too (`vgcore.standard`). Registration hooks are called once per registry for every
installed plugin. Game hooks are called only for the plugins a format enables (plus the
standard rules), once when the format's engine is built — except the few that are marked
"per game" or "per decision".

Implement a hook with `@vgcore.hookimpl` and keyword names exactly as below (pluggy lets an
implementation take any subset of them).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from vgcore.carddb import CardDB
    from vgcore.costs import CanPay
    from vgcore.decisions import Action
    from vgcore.decks import DeckList
    from vgcore.engine import (
        CostSource,
        EventListener,
        FilterMatcher,
        FrameKind,
        MoveReplacement,
        NameProvider,
        PluginScope,
        RuleCheck,
        SeatLayout,
        StatModifier,
        TurnStep,
        ValidityCheck,
        ZoneListener,
    )
    from vgcore.formats import Format
    from vgcore.game import Game
    from vgcore.steps import StepKind
    from vgcore.types import Seat
    from vgcore.zones import ZoneSpec

hookspec = pluggy.HookspecMarker("vgcore")
hookimpl = pluggy.HookimplMarker("vgcore")

# -- registration ---------------------------------------------------------------------------


@hookspec
def vgcore_card_sets() -> list[Path]:
    """Directories of card sets (each holds cards.yaml and <CARD-ID>.lua scripts)."""


@hookspec
def vgcore_formats() -> list[Path]:
    """Format YAML files this plugin provides."""


@hookspec
def vgcore_decks() -> list[Path]:
    """Deck list YAML files this plugin provides."""


@hookspec
def vgcore_card_fields() -> dict[str, dict[str, Any]]:
    """Extra card-record fields (name -> JSON-schema fragment); loaded into `CardRecord.extra`."""


@hookspec
def vgcore_lua_libs() -> list[Path]:
    """Lua libraries (trusted) run after the vg API to add shared helpers to `vg`."""


@hookspec
def vgcore_card_kinds() -> list[str]:
    """Extra card kinds (e.g. "g_unit") that card records may use."""


# -- engine construction (enabled plugins only) -------------------------------------------


@hookspec(firstresult=True)
def vgcore_seat_layout(fmt: Format) -> SeatLayout | None:
    """The table: seats, opponents, teams and turn order (tag fight); None = two seats.

    The core reads the teams: the format's `damage_to_lose` counts a team's total damage, as
    do the heal trigger's comparison and limit break (`Game.team_damage`); a player who loses
    takes their team with them, and the result names the winning team. "Opponent" in card
    text and filters is the seat `opponents` names, never a teammate.
    """


@hookspec
def vgcore_frame_kinds(fmt: Format) -> dict[str, FrameKind]:
    """Procedure frame kinds by name: new steps, or replacements of core ones (same name)."""


@hookspec
def vgcore_step_kinds(fmt: Format) -> dict[str, StepKind]:
    """Effect step kinds by `op` name (schema, run, answer); same name replaces a core one."""


@hookspec
def vgcore_cost_kinds(fmt: Format) -> dict[str, CanPay]:
    """Cost kinds by `op`: the check half; the pay half is the step kind of the same name."""


@hookspec
def vgcore_cost_sources(fmt: Format) -> dict[str, CostSource]:
    """Whose zones may pay a cost kind, by `op`: (game, payer) -> seats, the payer first.

    Without an entry a cost is paid from the payer's own zones only. Tag fight lets counter
    blast and soul blast costs be paid from the teammate's damage zone and soul too. Only
    costs look here (a `counter_blast` step inside an effect stays the controller's own), and
    the paying player chooses the cards, from every seat named, in one `choose` answer.
    """


@hookspec
def vgcore_event_kinds(fmt: Format) -> list[str]:
    """Event kinds that AUTO abilities may name in `when` (the ones your plugin emits)."""


@hookspec
def vgcore_event_card_fields(fmt: Format) -> dict[str, list[str]]:
    """For each event kind your plugin emits that names cards, the fields that name them
    (`{"stride": ["card", "heart"]}`): a private event hides these from the seats that may
    not read it (docs/architecture.md "Views"). A kind not listed names no card."""


@hookspec
def vgcore_validity_keys(fmt: Format) -> dict[str, str]:
    """Extra validity keys for ability declarations (e.g. generation_break = "int")."""


@hookspec
def vgcore_filter_keys(fmt: Format) -> dict[str, tuple[str, FilterMatcher]]:
    """Extra filter keys for selectors and card filters: name -> (the value's type as the
    declaration checker reads it, e.g. "ref", "str", "bool"; a matcher
    `(game, ctx, uid, value) -> bool` that says whether card `uid` passes). The overdress
    plugin's `beneath` ("an originalDress card beneath the card the reference names")."""


@hookspec
def vgcore_flag_shapes(fmt: Format) -> dict[str, dict[str, Any]]:
    """The flags this plugin keeps, with their shapes: {"game": {name: shape}, "player":
    {name: shape}} for `state.flags` and `state.players.<seat>.flags`. A shape is a shape
    string ("int", "bool", "str", "seat", "uid", "any", "X?" for X or null, "[X]" a list of
    X, "[X, Y]" a pair, "{str: X}" / "{uid: X}" a mapping, "{a: X, b: Y}" a record with
    exactly those keys) or a callable (value, seats, cards) -> problem text or None. A
    snapshot holding an undeclared flag or one of the wrong shape is refused
    (vgcore/snapshots.py); two plugins may declare one flag only with the same shape."""


@hookspec
def vgcore_ability_validity(fmt: Format) -> list[ValidityCheck]:
    """Functions (game, seat, uid, ability) -> bool: is the ability valid now (RULES.md §7 A)."""


@hookspec
def vgcore_zones(fmt: Format) -> list[ZoneSpec]:
    """Extra zones (e.g. the G zone, a heart zone) with their visibility; a field zone may
    stand on a circle (`ZoneSpec.circle`, e.g. a legion mate beside the vanguard on VC)."""


@hookspec
def vgcore_circle_names(fmt: Format) -> list[str]:
    """Names of the circles a plugin may add to the field during a game (`Game.add_circle`),
    as fnmatch patterns (e.g. "RC.X[0-9]*" for accel circles), so that card scripts may name
    them and a misspelt circle is still refused when a script loads."""


@hookspec
def vgcore_turn_steps(steps: list[TurnStep], fmt: Format) -> None:
    """Edit the turn procedure in place: insert, replace or remove steps (e.g. a stride step)."""


@hookspec
def vgcore_battle_steps(steps: list[str], fmt: Format) -> None:
    """Edit the steps that follow an attack declaration (guard, drive, damage, close)."""


@hookspec
def vgcore_continuous_modifiers(fmt: Format) -> list[StatModifier]:
    """Functions (game, uid, stat) -> delta applied whenever a unit's stat is read. Decorate
    one with `vgcore.engine.modifies("power", …)` to say which stats it can change: it is then
    not called for the others (every stat read calls every undeclared modifier); with
    `when=test`, a test of the game that is False whenever it adds nothing, which readers of
    many units at once ask instead of calling it for each."""


@hookspec
def vgcore_name_providers(fmt: Format) -> list[NameProvider]:
    """Functions (game, uid) -> extra names a card has now besides its printed one (e.g. a
    G unit also has its heart's name); name filters (`name`, `name_has`) match any of them."""


@hookspec
def vgcore_event_listeners(fmt: Format) -> dict[str, list[EventListener]]:
    """Rule effects that follow an event at once, by event kind: (game, event) -> None.

    For mechanics that are rules rather than card abilities (persona ride's draw and power, a
    state a player enters): they run inside the action that emitted the event, before any AUTO
    ability it triggered resolves.
    """


@hookspec
def vgcore_move_replacements(fmt: Format) -> list[MoveReplacement]:
    """Functions (game, uid, seat, zone) -> (seat, zone) or None, asked before every card
    move: the first that answers sends the card there instead (a replacement: the card never
    reaches the zone it was sent to). For rules such as "this card ceases to exist whenever it
    would go anywhere but the hand or the guardian circle" (imaginary gifts' protect I)."""


@hookspec
def vgcore_zone_listeners(fmt: Format) -> list[ZoneListener]:
    """Functions (game, move) -> None, told of every card move (`vgcore.actions.Move`: the card,
    where it was, where it went and where it was sent) once the event that reported the move is
    logged and its AUTO abilities collected. Follow zone changes here instead of listing event
    kinds: e.g. an overDress unit's originalDress goes to the drop whenever the unit leaves the
    field, whatever moved it (a retire, a bind, the soul, a prison, the deck). Decorate a
    listener with `vgcore.engine.hears_moves(from_zones=…, to_zones=…)` to be told only of the
    moves out of or into those zones: a game makes some 250 moves, most of them draws."""


@hookspec
def vgcore_rule_checks(fmt: Format) -> dict[str, RuleCheck]:
    """Rule actions by name: (game) -> [(seat, reason)] of players who lose now.

    A plugin returning a name the standard rules use ("damage", "deck_out") replaces it. (A
    team's shared damage needs no replacement: the standard check counts teams.)
    """


# -- per game ---------------------------------------------------------------------------


@hookspec
def vgcore_setup_game(game: Game, decks: Mapping[Seat, DeckList] | None) -> None:
    """Called once when a game's state is built: add circles, zones, markers or flags.

    `decks` are the seats' deck lists when the game is set up from decks (`Game.new`), so a
    plugin can place lists the core does not know (e.g. the G deck); None for a written board.
    """


@hookspec
def vgcore_view(game: Game, seat: Seat | None, view: dict[str, Any]) -> None:
    """Add what this plugin's state shows to one seat's view; never add hidden information.
    `seat` is None for a spectator's view: public information only."""


# -- per decision -----------------------------------------------------------------------


@hookspec
def vgcore_extra_options(game: Game, seat: Seat, kind: str) -> list[Action]:
    """Extra legal answers for a core decision: kind is "ride", "main" or "guard"."""


@hookspec
def vgcore_plugin_scope(fmt: Format) -> PluginScope:
    """Where this plugin's per-decision work can matter, so games it has nothing to say in
    do not pay for it (`PluginScope`): the decision kinds its `vgcore_extra_options`
    answers, a test of card records without which a game never needs any of its
    per-decision work (extra options, event and zone listeners, continuous modifiers, name
    providers: a legion plugin in a game with no legion card), and one for its extra options
    alone. Asked once per engine; a plugin without it is asked at every decision of every
    game."""


@hookspec
def vgcore_pending_edges(game: Game, pending: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """Rule-driven precedence among pending abilities: (before id, after id, reason) edges."""


@hookspec(firstresult=True)
def vgcore_apply_option(game: Game, seat: Seat, kind: str, action: Action) -> bool | None:
    """Carry out an answer this plugin offered; return True when it was yours."""


# -- deck construction ------------------------------------------------------------------


@hookspec
def vgcore_validate_deck(deck: DeckList, fmt: Format, db: CardDB) -> list[str]:
    """More deck-construction violations (e.g. G deck rules); an empty list when legal."""
