"""The ability system where scenario files cannot reach (DESIGN.md §2, §4–§6, RULES.md §8).

Snapshots and clones taken in the middle of an effect, the precedence graph of pending
abilities (a card's `first = true`, a plugin's edges, `explain_pending`), failing scripts in
strict and non-strict engines, and load-time validation errors. The cards are the SK-1xx test
cards of tests/cards/skills; deliberately broken scripts live in tests/cards/broken, which only
this module loads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.invariants import check_invariants
from vgcore import actions, hookimpl
from vgcore.errors import ScriptError
from vgcore.game import Game, events_of
from vgcore.ordering import precedence_graph, ready
from vgcore.plugins import Registry
from vgcore.selectors import Ctx, select
from vgcore.testing.board import game_from_board
from vgcore.testing.expectations import expect
from vgcore.types import Phase

CARDS = Path(__file__).parent / "cards"
SKILL_CARDS = CARDS / "skills"
BROKEN_CARDS = CARDS / "broken"

DECK_A = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-004", "VAN-RP-005", "VAN-RP-006", "VAN-RP-007"]
DECK_B = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-004", "VAN-KG-005", "VAN-KG-006", "VAN-KG-007"]


def new_game(registry: Registry, a: dict[str, Any], b: dict[str, Any] | None = None, *,
             phase: str = Phase.MAIN, plugins: tuple[str, ...] = ()) -> Game:
    """A v-standard board at the start of `phase` of turn 3 (A's turn, A went first)."""
    engine = registry.engine("v-standard", plugins=plugins)
    board = {"A": {"vanguard": "VAN-RP-009", "deck": DECK_A, **a},
             "B": {"vanguard": "VAN-KG-009", "deck": DECK_B, **(b or {})}}
    return game_from_board(engine, board, turn=3, player="A", phase=phase)


def mid_effect_game(registry: Registry) -> Game:
    """A paused inside SK-166's effect (its "may draw"), after its retire triggered three
    abilities: SK-172 (A, `first = true`), SK-151 (A) and SK-162 (B, its retired unit)."""
    game = new_game(registry,
                    {"rear": {"RC.BL": "SK-172", "RC.BR": "SK-151"}, "hand": ["SK-166"]},
                    {"rear": {"RC.FL": "SK-162"}})
    game.apply("call SK-166 RC.FL")
    return game


def round_trip(game: Game) -> Game:
    """The game through its JSON text, as a host would store it."""
    return Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))


def total_cards(game: Game) -> int:
    return len(game.state.card_ids)


# -- snapshots in the middle of an effect (DESIGN.md §2) -------------------------------------


def test_mid_effect_position_is_plain_data_on_the_stack(registry: Registry) -> None:
    game = mid_effect_game(registry)
    assert game.decision is not None and game.decision.kind == "may"
    kinds = [frame["k"] for frame in game.state.stack]
    assert kinds[-3:] == ["resolve", "block", "step"]
    assert [pa["card"] for pa in game.state.pending] == ["SK-172", "SK-151", "SK-162"]
    expect(game, {"B.drop": ["SK-162"], "A.hand": [], "A.soul": []})


def test_json_snapshot_mid_effect_restores_and_plays_on_identically(registry: Registry) -> None:
    game = mid_effect_game(registry)
    restored = round_trip(game)
    assert restored.state.state_hash() == game.state.state_hash()
    assert restored.legal_actions() == game.legal_actions()
    for g in (game, restored):
        g.apply("yes")
    assert restored.state.state_hash() == game.state.state_hash()
    for g in (game, restored):
        # the may's draw, then SK-172's draw, SK-151's soul charge, B's SK-162 draw
        expect(g, {"A.hand": ["VAN-RP-002", "VAN-RP-003"], "A.soul": ["VAN-RP-004"],
                   "B.hand": ["VAN-KG-002"], "phase": "main"})
        check_invariants(g, total_cards(g))


def test_json_snapshot_at_a_choice_mid_effect_takes_the_same_answer(registry: Registry) -> None:
    game = new_game(registry, {"hand": ["SK-102"]},
                    {"rear": {"RC.FL": "VAN-KG-006", "RC.FR": "VAN-KG-007",
                              "RC.BC": "VAN-KG-002"}})
    game.apply("call SK-102 RC.FL")
    assert game.decision is not None and game.decision.kind == "choose"
    restored = round_trip(game)
    for g in (game, restored):
        g.apply("choose B.RC.FL")
    # half-way through the choice (one of two picked): the picks so far are state
    games = (round_trip(game), game.clone(), game, restored)
    for g in games:
        d = g.decision
        assert d is not None and d.data["chosen"] == 1 and d.data["picked"] == ["B.RC.FL"]
        assert {str(a) for a in d.options} == {"choose B.RC.BC", "choose B.RC.FR"}
        g.apply("choose B.RC.BC")
        expect(g, {"B.drop": ["VAN-KG-006", "VAN-KG-002"], "B.RC.FR": "VAN-KG-007"})
    assert len({g.state.state_hash() for g in games}) == 1


def test_clone_mid_effect_is_independent_of_the_original(registry: Registry) -> None:
    game = mid_effect_game(registry)
    before = game.state.state_hash()
    twin = game.clone()
    twin.apply("no")
    assert game.state.state_hash() == before
    game.apply("yes")
    expect(twin, {"A.hand": ["VAN-RP-002"]})  # only SK-172's draw
    expect(game, {"A.hand": ["VAN-RP-002", "VAN-RP-003"]})
    for g in (game, twin):
        check_invariants(g, total_cards(g))


# -- precedence among pending abilities (RULES.md §8, DESIGN.md §5) -------------------------


def test_card_declared_first_is_an_edge_of_the_precedence_graph(registry: Registry) -> None:
    game = mid_effect_game(registry)
    ids = {pa["card"]: pa["id"] for pa in game.state.pending}
    graph = precedence_graph(game)
    assert graph.edges[ids["SK-172"], ids["SK-151"]]["reason"] == "SK-172 resolves first"
    assert not graph.has_edge(ids["SK-151"], ids["SK-172"])
    assert graph.edges[ids["SK-151"], ids["SK-162"]]["reason"] == "turn player first"
    assert [pa["card"] for pa in ready(game)] == ["SK-172"]


def test_explain_pending_says_why_each_ability_waits(registry: Registry) -> None:
    game = mid_effect_game(registry)
    assert game.explain_pending() == [
        "SK-172:1 (A): ready",
        "SK-151:1 (A): waits after SK-172:1 (A) (SK-172 resolves first)",
        "SK-162:1 (B): waits after SK-172:1 (A) (turn player first); "
        "after SK-151:1 (A) (turn player first)",
    ]


def test_explain_pending_with_nothing_or_one_pending(registry: Registry) -> None:
    game = new_game(registry, {"hand": ["SK-129"]})
    assert game.explain_pending() == []
    game.apply("call SK-129 RC.FL")  # resolving now: nothing else pending
    assert game.explain_pending() == []


@pytest.mark.parametrize("format_id", ["d-standard", "v-standard"])
def test_ready_abilities_are_those_the_graph_gives_no_predecessor(
        registry: Registry, format_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ready` lists the edges first and builds the graph only when there are some (RULES.md
    §8): each time the rules ask it with two or more abilities pending, through whole
    scripted games (whose pending abilities rarely wait for each other) and in a game where
    they do, its answer is the graph's (in-degree 0, in pending order)."""
    from vgcore import ordering
    from vgcore.agents import RandomAgent

    seen = {"with edges": 0, "without": 0}
    fast_ready = ordering.ready

    def checked_ready(game: Game) -> list[Any]:
        found = fast_ready(game)
        pending = game.state.pending
        if len(pending) >= 2:
            graph = precedence_graph(game)
            assert found == [pa for pa in pending if graph.in_degree(pa["id"]) == 0]
            seen["with edges" if graph.number_of_edges() else "without"] += 1
        return found

    monkeypatch.setattr(ordering, "ready", checked_ready)
    decks = registry.default_decks(format_id)
    for seed in range(8):
        game = registry.new_game(format_id, decks, seed, validate=False)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
    checked_ready(mid_effect_game(registry))  # edges of both kinds (the test above)
    assert seen["with edges"] and seen["without"], seen


def test_first_precedence_survives_a_json_round_trip(registry: Registry) -> None:
    restored = round_trip(mid_effect_game(registry))
    assert [pa["card"] for pa in ready(restored)] == ["SK-172"]
    restored.apply("yes")
    # no `resolve` question came up: SK-172 went first by itself, then SK-151, then B's
    assert restored.decision is not None and restored.decision.kind == "main"
    resolved = [e["card"] for e in events_of(restored, "ability")]
    assert resolved == ["SK-166", "SK-172", "SK-151", "SK-162"]


def test_without_first_the_owner_is_asked_to_order(registry: Registry) -> None:
    game = new_game(registry, {"rear": {"RC.FL": "SK-153", "RC.FR": "SK-170"}},
                    phase=Phase.BATTLE)
    assert game.decision is not None and game.decision.kind == "resolve"
    assert [str(a) for a in game.legal_actions()] == ["resolve RC.FL", "resolve RC.FR"]


class Cycler:
    """A plugin that orders the first two pending abilities both ways (a broken rule)."""

    @hookimpl
    def vgcore_pending_edges(self, game: Game,
                             pending: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
        if len(pending) < 2:
            return []
        a, b = pending[0]["id"], pending[1]["id"]
        return [(a, b, "cycler says a first"), (b, a, "cycler says b first")]


def test_a_cycle_of_plugin_edges_is_an_error_naming_the_abilities() -> None:
    registry = Registry(plugins=[("cycler", Cycler())], card_dirs=[SKILL_CARDS], strict=True)
    game = new_game(registry, {"rear": {"RC.FL": "SK-153", "RC.FR": "SK-165"}},
                    plugins=("cycler",))
    with pytest.raises(ScriptError, match="cycle") as caught:
        game.apply("battle")
    assert "SK-153:1" in str(caught.value) and "SK-165:1" in str(caught.value)


def test_a_cycle_in_a_lenient_game_drops_the_pending_abilities_and_goes_on() -> None:
    registry = Registry(plugins=[("cycler", Cycler())], card_dirs=[SKILL_CARDS], strict=False)
    game = new_game(registry, {"rear": {"RC.FL": "SK-153", "RC.FR": "SK-165"}},
                    plugins=("cycler",))
    game.apply("battle")
    (error,) = events_of(game, "script_error")
    assert "cycle" in error["message"]
    assert not game.state.pending and not game.is_terminal
    assert game.decision is not None


def test_plugin_edges_are_used_only_where_the_plugin_is_enabled() -> None:
    registry = Registry(plugins=[("cycler", Cycler())], card_dirs=[SKILL_CARDS], strict=True)
    game = new_game(registry, {"rear": {"RC.FL": "SK-153", "RC.FR": "SK-165"}})
    game.apply("battle")
    assert [str(a) for a in game.legal_actions()] == ["resolve RC.FL", "resolve RC.FR"]


# -- failing scripts (DESIGN.md §6) -----------------------------------------------------------


@pytest.fixture(scope="module")
def lenient() -> Registry:
    return Registry(card_dirs=[SKILL_CARDS, BROKEN_CARDS], strict=False)


@pytest.fixture(scope="module")
def strict() -> Registry:
    return Registry(card_dirs=[SKILL_CARDS, BROKEN_CARDS], strict=True)


def test_a_failing_script_ends_its_ability_and_the_game_goes_on(lenient: Registry) -> None:
    game = new_game(lenient, {"hand": ["BR-010", "VAN-RP-008"]})
    game.apply("call BR-010 RC.FL")
    # the draw before the failing step happened; the ability ended there
    expect(game, {"A.RC.FL": "BR-010", "A.hand": ["VAN-RP-008", "VAN-RP-002"], "A.soul": [],
                  "phase": "main", "events": ["call", "ability", "draw", "script_error"],
                  "no_events": ["ability_resolved", "soul_charge"]})
    (error,) = events_of(game, "script_error")
    assert error["card"] == "BR-010"
    assert error["file"].endswith("BR-010.lua") and error["line"] == 10
    assert "nowhere" in error["message"]
    assert all(frame["k"] not in ("resolve", "block", "step") for frame in game.state.stack)
    check_invariants(game, total_cards(game))
    game.apply("call VAN-RP-008 RC.BL")
    game.apply("battle")
    game.apply("attack VC -> B.VC")  # B has no hand: the battle runs to its end
    expect(game, {"B.damage.count": 1, "phase": "battle"})
    check_invariants(game, total_cards(game))


def test_a_failing_script_raises_in_a_strict_engine(strict: Registry) -> None:
    game = new_game(strict, {"hand": ["BR-010"]})
    with pytest.raises(ScriptError) as caught:
        game.apply("call BR-010 RC.FL")
    assert caught.value.card_id == "BR-010"
    assert caught.value.file is not None and caught.value.file.endswith("BR-010.lua")
    assert caught.value.line == 10


# -- validation at load (DESIGN.md §4) --------------------------------------------------------


@pytest.mark.parametrize(("card_id", "fragments"), [
    ("BR-001", ["ability 2 (act)", "key 'zonez'", "unknown key", "allowed:", "zones"]),
    ("BR-002", ["ability 1 (act)", "key 'once_per_turn'", "expected true or false",
                "the string 'yes'"]),
    ("BR-003", ["ability 1 (auto)", "key 'effect.1.op'", "unknown step kind 'teleport'",
                "known:", "retire"]),
    ("BR-004", ["ability 1 (auto)", "key 'when.event'", "unknown event kind 'sneeze'",
                "known:", "ride"]),
])
def test_a_broken_declaration_is_refused_at_load_naming_card_ability_and_key(
        strict: Registry, card_id: str, fragments: list[str]) -> None:
    engine = strict.engine("v-standard")
    with pytest.raises(ScriptError) as caught:
        engine.script(card_id)
    error = caught.value
    assert error.card_id == card_id
    assert error.file is not None and error.file.endswith(f"{card_id}.lua")
    assert error.line is not None
    message = str(error)
    assert message.startswith(f"{card_id} ")
    for fragment in fragments:
        assert fragment in message


def test_loading_every_script_reports_each_broken_card_once(strict: Registry) -> None:
    # every installed plugin on, as `vgcore validate` loads them: order cards need the D-era one
    errors = strict.engine("v-standard", plugins=strict.plugin_names()).scripts.load_all()
    assert sorted(e.card_id or "" for e in errors) == ["BR-001", "BR-002", "BR-003", "BR-004"]


def test_every_skill_test_card_loads(registry: Registry) -> None:
    engine = registry.engine("v-standard", plugins=registry.plugin_names())
    assert engine.scripts.load_all() == []


def test_views_list_the_pending_abilities(registry: Registry) -> None:
    """DESIGN.md §3/§5: a frontend sees what waits at check timing, from either seat."""
    game = new_game(registry, {"rear": {"RC.FL": "SK-153", "RC.FR": "SK-165"}})
    game.apply("battle")
    assert game.decision is not None and game.decision.kind == "resolve"
    for seat in ("A", "B"):
        pending = game.view(seat)["pending"]
        assert sorted(p["card"] for p in pending) == ["SK-153", "SK-165"]
        assert all(p["seat"] == "A" for p in pending)


def test_card_owner_filter_names_who_owns_a_card_wherever_it_lies(registry: Registry) -> None:
    """docs/lua-api.md §4.3: `owner` is the side a card lies on, `card_owner` who owns it."""
    game = game_from_board(registry.engine("premium"), {
        "A": {"vanguard": "VAN-RP-009", "drop": ["VAN-RP-002"]},
        "B": {"vanguard": "VAN-KG-009", "drop": ["VAN-KG-002"]},
    }, turn=3, player="A", phase="main")
    mine = game.state.players["A"].zones["drop"][0]
    actions.move(game, mine, "B", "drop")          # A's card now lies in B's drop
    ctx = Ctx("B")
    in_drop = {"zone": ("drop",)}
    assert select(game, ctx, {**in_drop, "card_owner": "opponent"}) == [mine]
    assert len(select(game, ctx, {**in_drop, "card_owner": "you"})) == 1
    assert len(select(game, ctx, in_drop)) == 2
    assert select(game, Ctx("A"), {**in_drop, "owner": "opponent", "card_owner": "you"}) == [mine]
