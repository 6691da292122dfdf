"""Every extension point is a pluggy hook, proved here by a small test plugin each (DESIGN.md §7).

The plugins are registered by name and enabled per game, as a format's `plugins:` would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from vgcore import actions, hookimpl, modifies
from vgcore.decisions import Action
from vgcore.engine import FrameKind, PluginScope, SeatLayout, TurnStep, hears_moves, judges
from vgcore.errors import DeckError, FormatError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.state import Frame
from vgcore.testing.board import game_from_board
from vgcore.types import FRONT, Phase, Zone
from vgcore.zones import ZoneSpec

SKILL_CARDS = Path(__file__).parent / "cards" / "skills"

DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-002", "VAN-RP-003"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-002", "VAN-KG-003"]


def registry_with(name: str, plugin: object) -> Registry:
    return Registry(plugins=[(name, plugin)])


def board(**extra_a: object) -> dict[str, dict[str, object]]:
    return {"A": {"vanguard": "VAN-RP-009", "deck": DECK_A, **extra_a},
            "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}


class ExtraCircle:
    """Adds a front-row circle and a private zone to every player (think accel, heart)."""

    @hookimpl
    def vgcore_zones(self, fmt: object) -> list[ZoneSpec]:
        return [ZoneSpec("vault", visible="owner")]

    @hookimpl
    def vgcore_setup_game(self, game: Game) -> None:
        for seat in game.state.seats:
            game.add_circle(seat, "RC.X1", FRONT, -2)


def test_a_plugin_adds_a_circle_and_a_zone(registry: Registry) -> None:
    reg = registry_with("extra-circle", ExtraCircle())
    engine = reg.engine("premium", plugins=["extra-circle"])
    game = game_from_board(engine, board(hand=["VAN-RP-006"]), turn=3, phase=Phase.MAIN)
    assert Action("call", ("VAN-RP-006", "RC.X1")) in game.legal_actions()
    game.apply("call VAN-RP-006 RC.X1")  # the hand is now empty: `battle` is forced
    assert Action("attack", ("RC.X1", "B.VC")) in game.legal_actions()
    assert "vault" in game.state.players["A"].zones
    assert "cards" not in game.view("B")["players"]["A"]["zones"]["vault"]


def test_a_disabled_plugin_does_not_touch_the_game(registry: Registry) -> None:
    reg = registry_with("extra-circle", ExtraCircle())
    game = game_from_board(reg.engine("premium"), board(hand=["VAN-RP-006"]), turn=3)
    assert "RC.X1" not in game.state.players["A"].circles


class InsertedStep:
    """Inserts a step after the ride step (think the stride step) and one into each battle."""

    @hookimpl
    def vgcore_frame_kinds(self, fmt: object) -> dict[str, FrameKind]:
        def run_marker(game: Game, frame: Frame) -> None:
            game.pop()
            game.emit("marker_step", seat=game.state.turn_player)

        return {"marker_step": FrameKind(run_marker)}

    @hookimpl
    def vgcore_turn_steps(self, steps: list[TurnStep], fmt: object) -> None:
        at = next(i for i, s in enumerate(steps) if s.kind == "ride_step")
        steps.insert(at + 1, TurnStep(Phase.RIDE, "marker_step"))

    @hookimpl
    def vgcore_battle_steps(self, steps: list[str], fmt: object) -> None:
        steps.insert(steps.index("drive_step"), "marker_step")


def test_a_plugin_inserts_steps_into_the_turn_and_the_battle(registry: Registry) -> None:
    reg = registry_with("inserted", InsertedStep())
    engine = reg.engine("premium", plugins=["inserted"])
    assert [s.kind for s in engine.turn_steps][2:4] == ["ride_step", "marker_step"]
    game = game_from_board(engine, board(hand=["VAN-RP-010"]), turn=3, phase=Phase.RIDE)
    game.apply("pass")
    kinds = [e["kind"] for e in game.state.log]
    assert "marker_step" in kinds
    game.apply("battle")
    start = len(game.state.log)
    game.apply("attack VC -> B.VC")
    battle = [e["kind"] for e in game.state.log[start:]]
    assert battle.index("marker_step") < battle.index("drive_check")


class ExtraAnswers:
    """Adds an answer to the ride step, the main phase and the guard step."""

    def __init__(self) -> None:
        self.applied: list[str] = []

    @hookimpl
    def vgcore_extra_options(self, game: Game, seat: str, kind: str) -> list[Action]:
        return [Action(f"test-{kind}")]

    @hookimpl
    def vgcore_apply_option(self, game: Game, seat: str, kind: str, action: Action) -> bool:
        if action.verb != f"test-{kind}":
            return False
        self.applied.append(kind)
        if kind == "guard":
            game.pop()  # this answer ends the guard step, like `done`
        return True


def test_a_plugin_adds_answers_to_ride_main_and_guard(registry: Registry) -> None:
    plugin = ExtraAnswers()
    reg = registry_with("answers", plugin)
    engine = reg.engine("premium", plugins=["answers"])
    game = game_from_board(engine, board(), turn=3, phase=Phase.RIDE)
    assert Action("test-ride") in game.legal_actions()
    game.apply("test-ride")
    assert Action("test-main") in game.legal_actions()
    game.apply("test-main")
    game.apply("battle")
    game.apply("attack VC -> B.VC")
    assert game.decision is not None and game.decision.kind == "guard"
    game.apply("test-guard")
    assert plugin.applied == ["ride", "main", "guard"]


class ScopedAnswers(ExtraAnswers):
    """ExtraAnswers that says where it can matter (hook `vgcore_plugin_scope`): main-phase
    answers only, in games holding the grade 3 VAN-RP-009."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []
        self.heard: list[int] = []

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_kinds=frozenset({"main"}),
                           cards=lambda card: card.id == "VAN-RP-009")

    @hookimpl
    def vgcore_extra_options(self, game: Game, seat: str, kind: str) -> list[Action]:
        self.asked.append(kind)
        return [Action(f"test-{kind}")]

    @hookimpl
    def vgcore_zone_listeners(self, fmt: object) -> list[object]:
        return [lambda game, move: self.heard.append(move.uid)]

    @hookimpl
    def vgcore_event_listeners(self, fmt: object) -> dict[str, list[object]]:
        return {"phase": [lambda game, event: self.heard.append(-1)]}

    @hookimpl
    def vgcore_continuous_modifiers(self, fmt: object) -> list[object]:
        @modifies("power")
        def boost(game: Game, uid: int, stat: str) -> int:
            self.heard.append(-2)
            return 1000
        return [boost]

    @hookimpl
    def vgcore_name_providers(self, fmt: object) -> list[object]:
        return [lambda game, uid: self.heard.append(-3) or ("Scoped Name",)]


def test_a_plugin_scope_spares_the_games_and_decisions_it_has_nothing_to_say_in() -> None:
    plugin = ScopedAnswers()
    engine = registry_with("scoped", plugin).engine("premium", plugins=["scoped"])
    # In scope: asked at main-phase decisions only, never at the ride or guard step.
    game = game_from_board(engine, board(hand=["VAN-RP-006", "VAN-RP-009"]), turn=3,
                           phase=Phase.RIDE)
    assert game.decision is not None and game.decision.kind == "ride"
    assert Action("test-ride") not in game.legal_actions()
    game.apply("pass")
    assert Action("test-main") in game.legal_actions()
    game.apply("battle")
    game.apply("attack VC -> B.VC")
    # B, with an empty hand, had only `done` at the guard step: no `test-guard` was offered.
    guard = [e for e in game.state.log if e["kind"] == "decision" and e["question"] == "guard"]
    assert [(e["answer"], e["forced"]) for e in guard] == [("done", True)]
    assert set(plugin.asked) == {"main"} and plugin.heard  # the drive check moved cards
    vanguard = game.vanguard("A")
    assert vanguard is not None
    power = game.power(vanguard)
    assert power == (game.card(vanguard).power or 0) + 1000
    assert "Scoped Name" in game.names(vanguard)
    assert {-1, -2, -3} <= set(plugin.heard)

    # Out of scope (no VAN-RP-009 anywhere): neither its answers nor its zone listener.
    plugin.asked.clear()
    plugin.heard.clear()
    out = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                         "hand": ["VAN-RP-002"]},
                                   "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}},
                          turn=3, phase=Phase.MAIN)
    assert out.decision is not None and out.decision.kind == "main"
    assert Action("test-main") not in out.legal_actions()
    out.apply("battle")
    out.apply("attack VC -> B.VC")
    vanguard = out.vanguard("A")
    assert vanguard is not None
    assert out.power(vanguard) == out.card(vanguard).power
    assert out.names(vanguard) == (out.card(vanguard).name,)
    assert plugin.asked == [] and plugin.heard == []
    # A card made mid-game brings the game into scope (the index is built anew): B's main
    # phase was asked before it, the next main phase offers the answer.
    assert out.decision is not None and out.decision.kind == "main" and not plugin.asked
    out.create_card("VAN-RP-009", "A", Zone.DROP)
    out.apply("battle")
    while out.decision is not None and out.decision.kind != "main":
        out.apply(out.legal_actions()[-1])
    assert Action("test-main") in out.legal_actions() and plugin.asked == ["main"]


class OrderLikeAnswers(ScopedAnswers):
    """Its answers need a VAN-RP-009 (`option_cards`); its listeners work in every game."""

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_cards=lambda card: card.id == "VAN-RP-009")


def test_an_options_only_card_test_leaves_the_plugins_other_work_on() -> None:
    plugin = OrderLikeAnswers()
    engine = registry_with("order-like", plugin).engine("premium", plugins=["order-like"])
    game = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                          "hand": ["VAN-RP-002"]},
                                    "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}},
                           turn=3, phase=Phase.MAIN)
    assert Action("test-main") not in game.legal_actions() and plugin.asked == []
    vanguard = game.vanguard("A")
    assert vanguard is not None
    assert game.power(vanguard) == (game.card(vanguard).power or 0) + 1000
    game.apply("battle")
    game.apply("attack VC -> B.VC")
    assert {-1, -2} <= set(plugin.heard) and any(u >= 0 for u in plugin.heard)


class HandGatedAnswers(ScopedAnswers):
    """Its answers come from a VAN-RP-009 in the asking seat's hand (`option_zones`), as
    orders and overDress units are played from the hand."""

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_kinds=frozenset({"main"}),
                           option_cards=lambda card: card.id == "VAN-RP-009",
                           option_zones=frozenset({Zone.HAND}))


def test_an_option_gate_asks_the_plugin_only_while_its_card_is_in_the_seats_zone() -> None:
    plugin = HandGatedAnswers()
    engine = registry_with("gated", plugin).engine("premium", plugins=["gated"])
    # The game holds a VAN-RP-009, but on A's field, not in A's hand: not asked.
    game = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                          "hand": ["VAN-RP-002"], "RC.FL": "VAN-RP-009"},
                                    "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}},
                           turn=3, phase=Phase.MAIN)
    assert game.decision is not None and game.decision.kind == "main"
    assert Action("test-main") not in game.legal_actions() and plugin.asked == []
    # One in A's hand: asked, and its answer offered, at A's main phase.
    held = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                          "hand": ["VAN-RP-002", "VAN-RP-009"]},
                                    "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}},
                           turn=3, phase=Phase.MAIN)
    assert Action("test-main") in held.legal_actions() and plugin.asked == ["main"]
    # B's hand holds none (A's does): B's main phase does not ask it.
    held.apply("battle")
    while held.decision is not None and held.decision.kind != "main":
        held.apply(held.legal_actions()[-1])
    assert held.decision is not None and held.state.turn_player == "B"
    assert not any(c == "VAN-RP-009" for c in held.view("B")["players"]["B"]["zones"]["hand"]
                   ["cards"])
    assert Action("test-main") not in held.legal_actions() and plugin.asked == ["main"]


class OpponentGatedAnswers(ScopedAnswers):
    """Its answers come from a VAN-RP-009 in the asking seat's opponent's hand
    (`option_opponent_zones`), as a Prison's prisoners are freed only while the opponent
    has a Prison in the order zone."""

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_kinds=frozenset({"main"}),
                           option_cards=lambda card: card.id == "VAN-RP-009",
                           option_opponent_zones=frozenset({Zone.HAND}))


def test_an_opponents_zone_gate_asks_only_while_the_card_is_with_an_opponent() -> None:
    plugin = OpponentGatedAnswers()
    engine = registry_with("gated", plugin).engine("premium", plugins=["gated"])
    # The card in A's own hand: A's main phase does not ask it.
    own = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                         "hand": ["VAN-RP-002", "VAN-RP-009"]},
                                   "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}},
                          turn=3, phase=Phase.MAIN)
    assert Action("test-main") not in own.legal_actions() and plugin.asked == []
    # The card in B's hand: A's main phase asks it, and its answer is offered.
    theirs = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                            "hand": ["VAN-RP-002"]},
                                      "B": {"vanguard": "VAN-KG-009", "deck": DECK_B,
                                            "hand": ["VAN-RP-009"]}},
                             turn=3, phase=Phase.MAIN)
    assert Action("test-main") in theirs.legal_actions() and plugin.asked == ["main"]


class KindGatedAnswers(ScopedAnswers):
    """Answers at the main phase and the guard step, gated per kind
    (`option_cards_by_kind`), as orders are: at the guard step only a VAN-RP-009 in hand
    counts (a blitz order), at the main phase any VAN-RP-002 or VAN-RP-009 (the others)."""

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_kinds=frozenset({"main", "guard"}),
                           option_cards=lambda card: card.id in ("VAN-RP-002", "VAN-RP-009"),
                           option_cards_by_kind={
                               "guard": lambda card: card.id == "VAN-RP-009"},
                           option_zones=frozenset({Zone.HAND}))


def test_a_per_kind_option_gate_asks_each_kind_only_about_its_own_cards() -> None:
    plugin = KindGatedAnswers()
    engine = registry_with("gated", plugin).engine("premium", plugins=["gated"])

    def attacked_with(b_hand: list[str]) -> Game:
        game = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                              "hand": ["VAN-RP-002"]},
                                        "B": {"vanguard": "VAN-KG-009", "deck": DECK_B,
                                              "hand": b_hand}},
                               turn=3, phase=Phase.MAIN)
        assert Action("test-main") in game.legal_actions()  # the main phase's own test
        game.apply("battle")
        game.apply("attack VC -> B.VC")
        return game

    # B's hand holds only a card that counts at the main phase: its guard step does not ask.
    game = attacked_with(["VAN-RP-002"])
    assert game.decision is not None and game.decision.kind == "guard"
    assert Action("test-guard") not in game.legal_actions()
    assert plugin.asked == ["main"]
    # B's hand holds the guard step's card: asked there, and its answer offered.
    plugin.asked.clear()
    game = attacked_with(["VAN-RP-009"])
    assert game.decision is not None and game.decision.kind == "guard"
    assert Action("test-guard") in game.legal_actions()
    assert plugin.asked == ["main", "guard"]


class OwnCardsGatedAnswers(ScopedAnswers):
    """Its answers need one of the asking seat's own cards in an opponent's drop
    (`option_own_cards`), as a Prison's prisoners are the freeing player's own cards held in
    the opponent's order zone."""

    @hookimpl
    def vgcore_plugin_scope(self, fmt: object) -> PluginScope:
        return PluginScope(option_kinds=frozenset({"main"}), option_cards=lambda card: True,
                           option_opponent_zones=frozenset({Zone.DROP}),
                           option_own_cards=True)


def test_an_own_cards_gate_asks_only_while_a_card_of_the_seats_own_is_held_there() -> None:
    from vgcore import actions
    from vgcore.abilities import extra_options

    plugin = OwnCardsGatedAnswers()
    engine = registry_with("gated", plugin).engine("premium", plugins=["gated"])
    game = game_from_board(engine, {"A": {"vanguard": "VAN-RP-004", "deck": DECK_A,
                                          "hand": ["VAN-RP-002", "VAN-RP-009"]},
                                    "B": {"vanguard": "VAN-KG-009", "deck": DECK_B,
                                          "drop": ["VAN-KG-002"]}},
                           turn=3, phase=Phase.MAIN)
    # B's drop holds only B's own card: A's main phase does not ask.
    assert Action("test-main") not in game.legal_actions() and plugin.asked == []
    # One of A's cards put into B's drop (it stays A's): now A is asked.
    mine = game.state.players["A"].zones[Zone.HAND][0]
    actions.move(game, mine, "B", Zone.DROP)
    assert game.state.owners[mine] == "A"
    assert extra_options(game, "A", "main") == [Action("test-main")]
    assert plugin.asked == ["main"]
    assert extra_options(game, "B", "main") == []  # B's own drop is no opponent's zone


def test_a_plugin_scope_of_the_wrong_type_is_named() -> None:
    class Wrong:
        @hookimpl
        def vgcore_plugin_scope(self, fmt: object) -> object:
            return {"option_kinds": ["main"]}

    with pytest.raises(TypeError, match="wrong: vgcore_plugin_scope must return a PluginScope"):
        registry_with("wrong", Wrong()).engine("premium", plugins=["wrong"])


class VanguardAura:
    """A continuous modifier: every vanguard has +1000 power."""

    @hookimpl
    def vgcore_continuous_modifiers(self, fmt: object) -> list[object]:
        def aura(game: Game, uid: int, stat: str) -> int:
            return 1000 if stat == "power" and game.state.loc[uid][1] == "VC" else 0

        return [aura]


def test_a_plugin_adds_a_continuous_modifier(registry: Registry) -> None:
    reg = registry_with("aura", VanguardAura())
    game = game_from_board(reg.engine("premium", plugins=["aura"]), board(), turn=3)
    vc = game.vanguard("A")
    assert vc is not None and game.power(vc) == 12000


class DeclaredAura:
    """A modifier that declares its stats (`modifies`): reading other stats never calls it."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    @hookimpl
    def vgcore_continuous_modifiers(self, fmt: object) -> list[object]:
        @modifies("power")
        def aura(game: Game, uid: int, stat: str) -> int:
            self.asked.add(stat)
            return 1000 if game.state.loc[uid][1] == "VC" else 0

        return [aura]


def test_a_modifier_declaring_its_stats_is_called_for_those_only(registry: Registry) -> None:
    plugin = DeclaredAura()
    reg = registry_with("declared", plugin)
    game = game_from_board(reg.engine("premium", plugins=["declared"]), board(), turn=3)
    vc = game.vanguard("A")
    assert vc is not None and game.power(vc) == 12000
    game.critical(vc)
    game.has(vc, "cannot_be_hit")
    assert plugin.asked == {"power"}


class ThreeDamageLoses:
    """Replaces the standard damage rule action by its name."""

    @hookimpl
    def vgcore_rule_checks(self, fmt: object) -> dict[str, object]:
        def three(game: Game) -> list[tuple[str, str]]:
            return [(s, "three damage") for s, p in game.state.players.items()
                    if len(p.zones[Zone.DAMAGE]) >= 3]

        return {"damage": three}


def test_a_plugin_replaces_a_rule_action(registry: Registry) -> None:
    reg = registry_with("three", ThreeDamageLoses())
    b = board()
    b["B"]["damage"] = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004"]
    game = game_from_board(reg.engine("premium", plugins=["three"]), b, turn=3)
    assert game.state.result == "A"
    plain = game_from_board(reg.engine("premium"), b, turn=3)
    assert plain.state.result is None


class DoubleDraw:
    """Replaces a core frame kind by name: the draw phase draws two."""

    @hookimpl
    def vgcore_frame_kinds(self, fmt: object) -> dict[str, FrameKind]:
        from vgcore import actions

        def draw_two(game: Game, frame: Frame) -> None:
            game.pop()
            actions.draw(game, game.state.turn_player, 2)

        return {"draw_phase": FrameKind(draw_two)}


def test_a_plugin_replaces_a_core_step(registry: Registry) -> None:
    reg = registry_with("double", DoubleDraw())
    game = game_from_board(reg.engine("premium", plugins=["double"]), board(), turn=3,
                           phase=Phase.DRAW)
    assert len(game.state.players["A"].zones[Zone.HAND]) == 2


class NoGradeThree:
    """Deck validation: a plugin's own construction rule, listed with the core's."""

    @hookimpl
    def vgcore_validate_deck(self, deck: object, fmt: object, db: object) -> list[str]:
        return ["grade 3 units are banned in this test"]


def test_a_plugin_adds_deck_violations(registry: Registry) -> None:
    reg = registry_with("ban", NoGradeThree())
    deck = reg.default_decks("premium")[0]
    assert reg.deck_violations(deck, "premium") == []
    assert reg.deck_violations(deck, "premium", plugins=["ban"]) == [
        "grade 3 units are banned in this test"]
    with pytest.raises(DeckError, match="banned"):
        reg.new_game("premium", seed=1, plugins=["ban"])


class ViewNote:
    @hookimpl
    def vgcore_view(self, game: Game, seat: str, view: dict[str, object]) -> None:
        view["note"] = f"seen by {seat}"


def test_a_plugin_adds_to_views(registry: Registry) -> None:
    reg = registry_with("note", ViewNote())
    game = game_from_board(reg.engine("premium", plugins=["note"]), board(), turn=3)
    assert game.view("B")["note"] == "seen by B"


class FormatProvider:
    """A plugin providing a format that extends a standard one and enables a plugin."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @hookimpl
    def vgcore_formats(self) -> list[Path]:
        return [self.path]


def test_a_plugin_provides_a_format_that_enables_plugins(tmp_path: Path) -> None:
    path = tmp_path / "seven.yaml"
    path.write_text("id: seven\nextends: premium\ndamage_to_lose: 7\nplugins: [note]\n")
    reg = Registry(plugins=[("fmt", FormatProvider(path)), ("note", ViewNote())])
    assert reg.format("seven").damage_to_lose == 7
    game = game_from_board(reg.engine("seven"), board(), turn=3)
    assert game.view("A")["note"] == "seen by A"


def test_a_format_naming_a_missing_plugin_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("id: broken\nextends: premium\nplugins: [nowhere]\n")
    reg = Registry(plugins=[("fmt", FormatProvider(path))])
    with pytest.raises(FormatError, match="nowhere"):
        reg.engine("broken")


class FourSeats:
    """The table hook: four seats in two teams, turn order A1 → B2 → A2 → B1 (tag fight)."""

    @hookimpl
    def vgcore_seat_layout(self, fmt: object) -> SeatLayout:
        return SeatLayout(
            seats=("A1", "B1", "A2", "B2"),
            opponents={"A1": "B1", "B1": "A1", "A2": "B2", "B2": "A2"},
            teams={"A1": "A", "A2": "A", "B1": "B", "B2": "B"},
            turn_order=("A1", "B2", "A2", "B1"),
        )


def test_a_plugin_seats_four_players_in_two_teams(registry: Registry) -> None:
    reg = registry_with("four", FourSeats())
    game = reg.new_game("premium", seed=3, plugins=["four"], first_player="A1")
    assert game.state.seats == ("A1", "B1", "A2", "B2")
    assert game.decision is not None and game.decision.seat == "A1"
    for _ in range(4):
        game.apply("keep")
    seen = []
    while len(seen) < 5 and not game.is_terminal:
        turn_player = game.state.turn_player
        if not seen or seen[-1] != turn_player:
            seen.append(turn_player)
        game.apply(game.legal_actions()[-1])
    assert seen == ["A1", "B2", "A2", "B1", "A1"]
    assert game.opponent("A2") == "B2"
    assert set(game.view("B1")["players"]) == {"A1", "B1", "A2", "B2"}


def four_seat_board(**damage: list[str]) -> dict[str, dict[str, object]]:
    return {seat: {"vanguard": "VAN-RP-009" if seat.startswith("A") else "VAN-KG-009",
                   "deck": DECK_A if seat.startswith("A") else DECK_B,
                   "damage": damage.get(seat, [])}
            for seat in ("A1", "B1", "A2", "B2")}


def test_teams_share_damage_and_lose_together() -> None:
    """The core reads the layout's teams: the damage rule counts a team's total, a loser's
    teammates lose too, and the result names the winning team (RULES.md §9, §13)."""
    reg = registry_with("four", FourSeats())
    engine = reg.engine("premium", plugins=["four"])
    game = game_from_board(engine, four_seat_board(A1=["VAN-RP-002"] * 3,
                                                   A2=["VAN-RP-003"] * 2), turn=3)
    assert game.team_damage("A2") == 5 and game.state.result is None
    assert game.teammates("A1") == ("A2",) and game.team("B2") == "B"
    game.concede("B2")
    assert game.result == "A"
    assert game.returns() == [1.0, -1.0, 1.0, -1.0]  # seats A1, B1, A2, B2
    assert game.state.log[-1]["losers"] == {"B2": "concede", "B1": "team"}
    lost = game_from_board(engine, four_seat_board(A1=["VAN-RP-002"] * 3,
                                                   A2=["VAN-RP-003"] * 3), turn=3)
    assert lost.result == "B"  # premium's damage_to_lose 6, counted per team
    assert lost.state.log[-1]["losers"] == {"A1": "damage", "A2": "damage"}


class SharedCounterBlast:
    """Cost sources: a counter blast may also be paid from the opponent's damage (toy rule)."""

    @hookimpl
    def vgcore_cost_sources(self, fmt: object) -> dict[str, object]:
        return {"counter_blast": lambda game, seat: (seat, game.opponent(seat))}


def test_a_plugin_lets_other_seats_pay_a_cost() -> None:
    reg = Registry(plugins=[("shared", SharedCounterBlast())], card_dirs=[SKILL_CARDS],
                   strict=True)
    b = {"A": {"vanguard": "SK-120", "deck": DECK_A},
         "B": {"vanguard": "VAN-KG-009", "deck": DECK_B, "damage": ["VAN-KG-002"]}}
    plain = game_from_board(reg.engine("premium"), b, turn=3)
    assert Action("act", ("VC",)) not in plain.legal_actions()
    game = game_from_board(reg.engine("premium", plugins=["shared"]), b, turn=3)
    game.apply("act VC")  # the only payable card is B's: chosen at once
    (paid,) = game.state.players["B"].zones[Zone.DAMAGE]
    assert not game.state.face_up[paid]
    assert [e["seat"] for e in game.state.log if e["kind"] == "counter_blast"] == ["B"]


class ThirdPartySet:
    """A card set shipped by another distribution, with a plugin-defined field and kind."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @hookimpl
    def vgcore_card_sets(self) -> list[Path]:
        return [self.directory]

    @hookimpl
    def vgcore_card_fields(self) -> dict[str, dict[str, object]]:
        return {"sparkle": {"type": "integer"}}

    @hookimpl
    def vgcore_card_kinds(self) -> list[str]:
        return ["token_unit"]


def test_a_plugin_registers_a_card_set_with_its_own_field_and_kind(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(
        "set: glitter\ncards:\n"
        "  - {id: GL-001, name: Glitter Sprite, kind: token_unit, grade: 0, power: 1000,\n"
        "     sparkle: 3}\n")
    reg = Registry(plugins=[("glitter", ThirdPartySet(tmp_path))])
    card = reg.db["GL-001"]
    assert card.kind == "token_unit" and card.extra["sparkle"] == 3
    assert "VAN-RP-001" in reg.db, "installed sets still load beside it"


# -- hooks for card skills ---------------------------------------------------------------------


class SkillPlugin:
    """A mechanic plugin: a step kind, a cost kind, an event kind, a validity key and check,
    and a Lua library — everything a format expansion such as stride needs from the core."""

    def __init__(self, lib: Path) -> None:
        self.lib = lib

    @hookimpl
    def vgcore_step_kinds(self, fmt: object) -> dict[str, object]:
        from vgcore.scripting.declarations import Schema
        from vgcore.steps import StepKind

        def run_spark(game: Game, frame: Frame, step: dict, ctx: object) -> None:
            game.pop()
            game.emit("spark", seat=ctx.seat, uid=ctx.uid, size=step["size"])

        return {"spark": StepKind(Schema({"size": "int"}, frozenset({"size"})), run_spark)}

    @hookimpl
    def vgcore_cost_kinds(self, fmt: object) -> dict[str, object]:
        def can_spark(game: Game, ctx: object, part: dict) -> bool:
            return len(game.state.players[ctx.seat].zones["hand"]) >= part["size"]

        return {"spark": can_spark}

    @hookimpl
    def vgcore_event_kinds(self, fmt: object) -> list[str]:
        return ["spark"]

    @hookimpl
    def vgcore_validity_keys(self, fmt: object) -> dict[str, str]:
        return {"needs_soul": "int"}

    @hookimpl
    def vgcore_ability_validity(self, fmt: object) -> list[object]:
        def enough_soul(game: Game, seat: str, uid: int, ability: object) -> bool:
            need = ability.spec.get("needs_soul", 0)
            return len(game.state.players[seat].zones["soul"]) >= need

        return [enough_soul]

    @hookimpl
    def vgcore_lua_libs(self) -> list[Path]:
        return [self.lib]


def skill_registry(tmp_path: Path, plugin: type[SkillPlugin] = SkillPlugin,
                   extra: dict[str, str] | None = None) -> Registry:
    """The spark plugin's registry with SP-1 and SP-2 (and `extra`: more such cards, by id,
    with their scripts)."""
    lib = tmp_path / "spark.lua"
    lib.write_text("vg.spark = function(n) return {op = 'spark', size = n} end\n")
    cards = tmp_path / "cards"
    cards.mkdir()
    body = ("kind: normal_unit, grade: 1, power: 7000, shield: 5000, critical: 1, "
            "skill: boost, clan: Royal Paladin, race: Human")
    more = "".join(f"  - {{id: {card_id}, name: Spark {card_id}, {body}}}\n"
                   for card_id in extra or {})
    (cards / "cards.yaml").write_text(
        f"set: spark\ncards:\n  - {{id: SP-1, name: Spark Maker, {body}}}\n"
        f"  - {{id: SP-2, name: Spark Watcher, {body}}}\n{more}")
    for card_id, script in (extra or {}).items():
        (cards / f"{card_id}.lua").write_text(script)
    (cards / "SP-1.lua").write_text(
        "return vg.card { vg.act { zones = {'RC'}, once_per_turn = true, needs_soul = 1,\n"
        "  cost = { {op = 'spark', size = 1} }, effect = { vg.spark(3) } } }\n")
    (cards / "SP-2.lua").write_text(
        "return vg.card { vg.auto { zones = {'RC'}, when = { event = 'spark' },\n"
        "  effect = { vg.power('self', 1000) } } }\n")
    return Registry(plugins=[("spark", plugin(lib))], card_dirs=[cards], strict=True)


def test_a_plugin_adds_step_cost_event_validity_and_a_lua_library(tmp_path: Path) -> None:
    reg = skill_registry(tmp_path)
    engine = reg.engine("premium", plugins=["spark"])
    b = board(rear={"RC.FL": "SP-1", "RC.FR": "SP-2"}, hand=["VAN-RP-003"])
    b["A"]["soul"] = ["VAN-RP-004"]
    game = game_from_board(engine, b, turn=3, phase=Phase.MAIN)
    assert Action("act", ("RC.FL",)) in game.legal_actions()
    game.apply("act RC.FL")
    sparks = [e for e in game.state.log if e["kind"] == "spark"]
    assert [e["size"] for e in sparks] == [1, 3], "the cost is paid by the step of its name"
    watcher = game.unit_at("A", "RC.FR")
    assert watcher is not None and game.power(watcher) == 7000 + 2 * 1000


def test_a_plugin_validity_check_hides_the_ability(tmp_path: Path) -> None:
    reg = skill_registry(tmp_path)
    engine = reg.engine("premium", plugins=["spark"])
    game = game_from_board(engine, board(rear={"RC.FL": "SP-1"}, hand=["VAN-RP-003"]),
                           turn=3, phase=Phase.MAIN)
    assert Action("act", ("RC.FL",)) not in game.legal_actions()  # no soul: not valid


class JudgingSkillPlugin(SkillPlugin):
    """SkillPlugin whose validity check declares the one spec key it judges (`judges`) and
    notes the abilities it was asked about."""

    def __init__(self, lib: Path) -> None:
        super().__init__(lib)
        self.judged: list[str] = []

    @hookimpl
    def vgcore_ability_validity(self, fmt: object) -> list[object]:
        @judges("needs_soul")
        def enough_soul(game: Game, seat: str, uid: int, ability: object) -> bool:
            self.judged.append(game.state.card_ids[uid])
            return len(game.state.players[seat].zones["soul"]) >= ability.spec["needs_soul"]

        return [enough_soul]


def test_a_validity_check_that_judges_one_key_is_asked_only_about_abilities_with_it(
        tmp_path: Path) -> None:
    reg = skill_registry(tmp_path, JudgingSkillPlugin)
    engine = reg.engine("premium", plugins=["spark"])
    plugin = reg.pm.get_plugin("spark")
    b = board(rear={"RC.FL": "SP-1", "RC.FR": "SP-2"}, hand=["VAN-RP-003"])
    game = game_from_board(engine, b, turn=3, phase=Phase.MAIN)
    assert Action("act", ("RC.FL",)) not in game.legal_actions()  # still judged: no soul
    b["A"]["soul"] = ["VAN-RP-004"]
    game = game_from_board(engine, b, turn=3, phase=Phase.MAIN)
    game.apply("act RC.FL")  # valid with a soul; its sparks trigger SP-2's AUTO twice
    watcher = game.unit_at("A", "RC.FR")
    assert watcher is not None and game.power(watcher) == 7000 + 2 * 1000
    assert plugin.judged and set(plugin.judged) == {"SP-1"}  # never asked about SP-2's AUTO


class SpecJudgingSkillPlugin(SkillPlugin):
    """SkillPlugin whose check judges by the spec alone (`judges(..., spec_only=True)`):
    an ability needing more than 5 soul is never valid, whatever the game."""

    def __init__(self, lib: Path) -> None:
        super().__init__(lib)
        self.judged: list[str] = []

    @hookimpl
    def vgcore_ability_validity(self, fmt: object) -> list[object]:
        @judges("needs_soul", spec_only=True)
        def at_most_five(game: Game, seat: str, uid: int, ability: object) -> bool:
            self.judged.append(game.state.card_ids[uid])
            return ability.spec["needs_soul"] <= 5

        return [at_most_five]


def test_an_ability_a_spec_only_check_refuses_is_left_out_of_the_games_index(
        tmp_path: Path) -> None:
    reg = skill_registry(tmp_path, SpecJudgingSkillPlugin, extra={
        "SP-3": "return vg.card { vg.act { zones = {'RC'}, needs_soul = 9,\n"
                "  effect = { vg.spark(1) } },\n"
                "  vg.auto { zones = {'RC'}, needs_soul = 9, when = { event = 'spark' },\n"
                "  effect = { vg.power('self', 1000) } } }\n"})
    engine = reg.engine("premium", plugins=["spark"])
    plugin = reg.pm.get_plugin("spark")
    b = board(rear={"RC.FL": "SP-1", "RC.FR": "SP-3", "RC.BL": "SP-2"}, hand=["VAN-RP-003"])
    b["A"]["soul"] = ["VAN-RP-004"]
    game = game_from_board(engine, b, turn=3, phase=Phase.MAIN)
    indexed = {game.state.card_ids[uid]
               for uid, _a in [*game.index.acts, *game.index.autos.get("spark", [])]}
    assert indexed == {"SP-1", "SP-2"}  # SP-3's two abilities are out: never valid
    # SP-3's abilities once each, building the index; SP-1's ACT there and once more, when
    # the main phase's options first looked up its checks.
    assert sorted(plugin.judged) == ["SP-1", "SP-1", "SP-3", "SP-3"]
    legal = game.legal_actions()
    assert Action("act", ("RC.FL",)) in legal and Action("act", ("RC.FR",)) not in legal
    asked = len(plugin.judged)
    game.apply("act RC.FL")  # its sparks trigger SP-2's AUTO twice, never SP-3's
    assert game.power(game.unit_at("A", "RC.BL")) == 7000 + 2 * 1000
    assert game.power(game.unit_at("A", "RC.FR")) == 7000
    assert len(plugin.judged) == asked  # never asked again, at any decision or event


def test_a_cont_restriction_is_honoured_by_the_main_phase_without_any_modifier(
        tmp_path: Path) -> None:
    """RULES.md §7 (CONT abilities apply continuously): a CONT that gives its unit the
    restrictions the main phase reads (`cannot_move`, `cannot_be_called_over`) rules out the
    move and the call — a superior call's circles too — even when no effect has left a
    modifier in the game."""
    reg = skill_registry(tmp_path, extra={
        "SP-4": "return vg.card { vg.cont { zones = {'RC'}, effects = {\n"
                "  {op = 'grant', what = 'cannot_move', target = 'self'},\n"
                "  {op = 'grant', what = 'cannot_be_called_over', target = 'self'} } } }\n",
        "SP-5": "return vg.card { vg.act { zones = {'hand'}, effect = { vg.call('self') } } }\n"})
    engine = reg.engine("premium", plugins=["spark"])
    b = board(rear={"RC.FL": "SP-4", "RC.FR": "SP-2"}, hand=["VAN-RP-003", "SP-5"])
    game = game_from_board(engine, b, turn=3, phase=Phase.MAIN)
    assert not game.state.modifiers
    legal = game.legal_actions()
    assert Action("move", ("RC.FR",)) in legal  # SP-2 moves as usual
    assert Action("call", ("VAN-RP-003", "RC.FR")) in legal
    assert Action("move", ("RC.FL",)) not in legal
    assert Action("call", ("VAN-RP-003", "RC.FL")) not in legal
    game.apply("act SP-5")  # SP-5 superior calls itself: RC.FL is not among the circles
    assert game.decision is not None and game.decision.kind == "place"
    circles = {a.args[0] for a in game.legal_actions()}
    assert "RC.FR" in circles and "RC.FL" not in circles


def test_cards_using_a_plugins_kinds_do_not_load_without_it(tmp_path: Path) -> None:
    from vgcore.errors import ScriptError

    reg = skill_registry(tmp_path)
    with pytest.raises(ScriptError, match="spark"):
        reg.engine("premium").script("SP-2")


class DrawOnRide:
    """A rule effect that follows an event at once (think persona ride): ride, then draw."""

    @hookimpl
    def vgcore_event_listeners(self, fmt: object) -> dict[str, list[object]]:
        from vgcore import actions

        def draw_after_ride(game: Game, event: dict) -> None:
            actions.draw(game, event["seat"], 1)
            game.emit("ride_bonus", seat=event["seat"])

        return {"ride": [draw_after_ride]}


def test_a_plugin_reacts_to_an_event_as_a_rule(registry: Registry) -> None:
    reg = registry_with("bonus", DrawOnRide())
    game = game_from_board(reg.engine("premium", plugins=["bonus"]),
                           board(hand=["VAN-RP-010"]), turn=3, phase=Phase.RIDE)
    game.apply("ride VAN-RP-010")
    kinds = [e["kind"] for e in game.state.log]
    assert kinds.index("ride") < kinds.index("draw") < kinds.index("ride_bonus")
    assert len(game.state.players["A"].zones["hand"]) == 1
    plain = game_from_board(reg.engine("premium"), board(hand=["VAN-RP-010"]), turn=3,
                            phase=Phase.RIDE)
    plain.apply("ride VAN-RP-010")
    assert not plain.state.players["A"].zones["hand"]


# -- a zone that stands on a circle --------------------------------------------------------


class BesideTheVanguard:
    """A field zone standing on VC (think a legion mate): answer `beside <id>` puts a hand
    card there and logs `place`, the core event for a card put on a circle by a rule."""

    @hookimpl
    def vgcore_zones(self, fmt: object) -> list[ZoneSpec]:
        return [ZoneSpec("beside", field=True, circle="VC")]

    @hookimpl
    def vgcore_extra_options(self, game: Game, seat: str, kind: str) -> list[Action]:
        hand = game.state.players[seat].zones[Zone.HAND]
        if kind != "main" or game.state.players[seat].zones["beside"]:
            return []
        return [Action("beside", (game.state.card_ids[u],)) for u in hand[:1]]

    @hookimpl
    def vgcore_apply_option(self, game: Game, seat: str, kind: str,
                            action: Action) -> bool | None:
        from vgcore import actions
        from vgcore.phases import take

        if action.verb != "beside":
            return None
        uid = take(game, seat, Zone.HAND, action.args[0])
        actions.move(game, uid, seat, "beside")
        game.emit("place", seat=seat, circle="VC", card=action.args[0], uid=uid,
                  source="hand", how="beside")
        return True


def beside_registry(tmp_path: Path) -> Registry:
    body = ("kind: normal_unit, grade: 3, power: 11000, critical: 1, skill: twin_drive, "
            "clan: Royal Paladin, race: Human")
    (tmp_path / "cards.yaml").write_text(
        f"set: beside\ncards:\n  - {{id: BV-1, name: Beside Knight, {body}}}\n")
    (tmp_path / "BV-1.lua").write_text(
        "return vg.card {\n"
        "  vg.act { zones = {'VC'}, once_per_turn = true,\n"
        "           effect = { vg.power('self', 1000) } },\n"
        "  vg.auto { when = vg.when.placed_on_vc, effect = { vg.draw(1) } },\n"
        "  vg.auto { when = vg.when.placed_on_rc, effect = { vg.draw(2) } },\n"
        "  vg.cont { zones = {'VC'}, effects = {\n"
        "    {op = 'modify', stat = 'power', amount = 2000, target = 'self'} } },\n"
        "  vg.act { zones = {'RC'}, effect = { vg.draw(1) } },\n"
        "}\n")
    return Registry(plugins=[("beside", BesideTheVanguard())], card_dirs=[tmp_path],
                    strict=True)


def test_a_zone_standing_on_vc_counts_as_vc_for_abilities_and_zone_words(
        tmp_path: Path) -> None:
    """ZoneSpec.circle: VC abilities of the card work there, `placed_on_vc` triggers on the
    `place` event (`placed_on_rc` does not), zone words and filters find it on VC, and the
    circle's unit is still the vanguard."""
    from vgcore.selectors import Ctx, select

    reg = beside_registry(tmp_path)
    game = game_from_board(reg.engine("premium", plugins=["beside"]),
                           board(hand=["BV-1", "VAN-RP-003"]), turn=3, phase=Phase.MAIN)
    game.apply("beside BV-1")
    st = game.state
    knight = st.players["A"].zones["beside"][0]
    assert game.vanguard("A") != knight and game.card(game.vanguard("A")).id == "VAN-RP-009"
    assert [e["kind"] for e in st.log if e["kind"] in ("place", "draw")] == ["place", "draw"]
    assert game.power(knight) == 11000 + 2000, "its CONT (VC) applies"
    options = [str(a) for a in game.legal_actions()]
    assert "act BV-1:1" in options and "act BV-1:5" not in options, "ACT (VC) only"
    ctx = Ctx("A")
    for selector in ({"zone": ("VC",)}, {"zone": ("units",)}, {"circle": ("VC",)},
                     {"row": "front", "zone": ("field",)}):
        assert knight in select(game, ctx, selector), selector
    assert knight not in select(game, ctx, {"zone": ("RC",)})


def test_a_card_standing_on_a_circle_counts_for_the_trigger_clan_check(tmp_path: Path) -> None:
    """RULES.md §6: a trigger works only with a unit of its clan on your field; a card standing
    on VC beside the vanguard (here a Kagero unit beside a Royal Paladin) is on the field."""
    from vgcore import actions
    from vgcore.triggers import trigger_applies

    reg = beside_registry(tmp_path)
    game = game_from_board(reg.engine("premium", plugins=["beside"]), board(), turn=3,
                           phase=Phase.MAIN)
    kagero_trigger = game.create_card("VAN-KG-013", "A", Zone.HAND)
    assert not trigger_applies(game, "A", kagero_trigger)
    beside = game.create_card("VAN-KG-009", "A", Zone.HAND)
    actions.move(game, beside, "A", "beside")
    assert trigger_applies(game, "A", kagero_trigger)


def test_a_zone_standing_on_a_circle_must_be_a_field_zone() -> None:
    with pytest.raises(ValueError, match="field"):
        ZoneSpec("beside", circle="VC")


def main_phase_with(name: str, plugin: object) -> Game:
    """A premium game in A's main phase with the plugin enabled and a rear-guard on RC.FL."""
    engine = registry_with(name, plugin).engine("premium", plugins=[name])
    return game_from_board(engine, board(rear={"RC.FL": "VAN-RP-006"}), turn=3,
                           phase=Phase.MAIN)


class Exile:
    """Retired cards are removed from the game instead (a move replacement), and every move
    is written down (a zone listener)."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str, str, str]] = []

    @hookimpl
    def vgcore_move_replacements(self, fmt: object) -> list[object]:
        def exile(game: Game, uid: int, seat: str, zone: str) -> tuple[str, str] | None:
            return (seat, Zone.REMOVED) if zone == Zone.DROP else None
        return [exile]

    @hookimpl
    def vgcore_zone_listeners(self, fmt: object) -> list[object]:
        def hear(game: Game, move: actions.Move) -> None:
            last = game.state.log[-1]["kind"]
            self.heard.append((move.from_zone, move.zone, move.sent_to, last))
        return [hear]


def test_a_plugin_replaces_where_a_card_goes_and_hears_every_move(registry: Registry) -> None:
    plugin = Exile()
    game = main_phase_with("exile", plugin)
    uid = game.unit_at("A", "RC.FL")
    assert uid is not None
    actions.retire(game, uid)
    assert game.state.loc[uid] == ("A", Zone.REMOVED)
    assert game.state.players["A"].zones[Zone.DROP] == []
    # heard once the `retire` event that reported the move was logged
    assert plugin.heard == [("RC.FL", Zone.REMOVED, Zone.DROP, "retire")]


class Picky:
    """Zone listeners that declare the moves they hear (`hears_moves`), and one that does not."""

    def __init__(self) -> None:
        self.heard: dict[str, list[tuple[str, str]]] = {"off_field": [], "to_soul": [],
                                                        "either": [], "all": []}

    @hookimpl
    def vgcore_zone_listeners(self, fmt: object) -> list[object]:
        def listener(name: str) -> Callable[[Game, actions.Move], None]:
            def hear(game: Game, move: actions.Move) -> None:
                self.heard[name].append((move.from_zone, move.zone))
            return hear
        return [hears_moves(from_zones=("field",))(listener("off_field")),
                hears_moves(to_zones=(Zone.SOUL,))(listener("to_soul")),
                hears_moves(from_zones=("RC",), to_zones=(Zone.HAND,))(listener("either")),
                listener("all")]


def test_a_zone_listener_hears_only_the_moves_it_declared(registry: Registry) -> None:
    plugin = Picky()
    game = main_phase_with("picky", plugin)
    rear = game.unit_at("A", "RC.FL")
    vanguard = game.vanguard("A")
    assert rear is not None and vanguard is not None
    actions.draw(game, "A", 1)                      # deck -> hand
    actions.move(game, vanguard, "A", Zone.SOUL)    # VC -> soul
    actions.move(game, rear, "A", Zone.HAND)        # RC -> hand
    game.tell_moves()
    assert plugin.heard["all"] == [(Zone.DECK, Zone.HAND), ("VC", Zone.SOUL),
                                   ("RC.FL", Zone.HAND)]
    assert plugin.heard["off_field"] == [("VC", Zone.SOUL), ("RC.FL", Zone.HAND)]
    assert plugin.heard["to_soul"] == [("VC", Zone.SOUL)]
    # from a rear-guard circle, or into the hand: the draw and the rear-guard, not the vanguard
    assert plugin.heard["either"] == [(Zone.DECK, Zone.HAND), ("RC.FL", Zone.HAND)]


class OffField:
    """One zone listener, of units leaving the field only."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str]] = []

    @hookimpl
    def vgcore_zone_listeners(self, fmt: object) -> list[object]:
        @hears_moves(from_zones=("field",))
        def hear(game: Game, move: actions.Move) -> None:
            self.heard.append((move.from_zone, move.zone))
        return [hear]


def test_a_move_no_zone_listener_hears_is_not_even_recorded(registry: Registry) -> None:
    """The game keeps a move for its listeners only when one of them may hear it
    (`GameIndex.hears_move`): draws and drive checks cost nothing in such games."""
    plugin = OffField()
    game = main_phase_with("off-field", plugin)
    rear = game.unit_at("A", "RC.FL")
    assert rear is not None
    top = game.state.players["A"].zones[Zone.DECK][0]
    actions.move(game, top, "A", Zone.HAND)         # deck -> hand: nobody hears it
    assert game.moves == []
    actions.move(game, rear, "A", Zone.HAND)        # RC -> hand: heard
    assert [(m.from_zone, m.zone) for m in game.moves] == [("RC.FL", Zone.HAND)]
    game.tell_moves()
    assert plugin.heard == [("RC.FL", Zone.HAND)]
    assert game.moves == []


def test_hears_moves_needs_zones() -> None:
    with pytest.raises(ValueError, match="from_zones or to_zones"):
        hears_moves()
