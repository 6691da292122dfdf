"""Tokens (card kind `token`, D-BT01-T01 Shadow Army): an effect creates them on the field
(step `call_token`); one that leaves the field ceases to exist, wherever it was sent; no deck
may hold one. Cards created mid-game keep clones, snapshots, views and replays exact.
Test cards: tests/cards/skills SK-950 (a token), SK-951 (calls two, puts a rear-guard into
the soul or the hand).
"""

from __future__ import annotations

import json

import pytest

from vgcore.decks import DeckList
from vgcore.errors import CardDataError, ScriptError, SnapshotError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing import scenario

BOARD = {"A": {"vanguard": "SK-951", "rear": {"RC.FL": "SK-006"}, "deck": ["SK-003"] * 5},
         "B": {"vanguard": "SK-951", "rear": {"RC.FL": "SK-006"}, "deck": ["SK-003"] * 5}}


def board_game(registry: Registry) -> Game:
    return (scenario("d-standard", start={"turn": 3, "player": "A", "phase": "main"})
            .board(**BOARD).game(registry))


def two_tokens(registry: Registry) -> Game:
    """A calls two tokens: the first onto RC.FL (its unit there is retired), then RC.FR."""
    game = board_game(registry)
    game.apply("act VC:1")
    game.apply("choose RC.FL")
    game.apply("choose RC.FR")
    return game


def tokens_of(game: Game, seat: str = "A") -> list[int]:
    st = game.state
    return [u for u in range(len(st.card_ids)) if st.card_ids[u] == "SK-950"
            and st.owners[u] == seat]


def test_call_token_creates_tokens_on_the_chosen_circles(registry: Registry) -> None:
    game = two_tokens(registry)
    st = game.state
    assert [st.loc[u] for u in tokens_of(game)] == [("A", "RC.FL"), ("A", "RC.FR")]
    calls = [e for e in st.log if e["kind"] == "call" and e["card"] == "SK-950"]
    assert [(e["circle"], e["source"], e["superior"]) for e in calls] == [
        ("RC.FL", "token", True), ("RC.FR", "token", True)]
    # calling onto an occupied circle retires the unit there, as any call does
    assert [st.card_ids[u] for u in st.players["A"].zones["drop"]] == ["SK-006"]
    # the binding (`as`) names the new cards: each got +1000
    assert [game.power(u) for u in tokens_of(game)] == [16000, 16000]


def test_call_token_up_to_may_stop_and_each_token_takes_another_circle(
        registry: Registry) -> None:
    game = board_game(registry)
    game.apply("act VC:1")
    assert "done" in [str(a) for a in game.legal_actions()]
    game.apply("choose RC.BL")
    assert "choose RC.BL" not in [str(a) for a in game.legal_actions()]
    game.apply("done")
    assert len(tokens_of(game)) == 1


def test_a_retired_token_ceases_to_exist_after_its_retire_event(registry: Registry) -> None:
    game = two_tokens(registry)
    token = game.unit_at("A", "RC.FR")
    game.apply("act VC:2")  # put a rear-guard into the soul: choose the token
    game.apply("choose RC.FR")
    st = game.state
    kinds = [e["kind"] for e in st.log if e.get("uid") == token]
    assert kinds[-2:] == ["put", "token_ceased"]
    ceased = next(e for e in st.log if e["kind"] == "token_ceased")
    assert (ceased["from"], ceased["to"], ceased["card"]) == ("RC.FR", "soul", "SK-950")
    assert token not in st.players["A"].zones["soul"]
    assert st.players["A"].zones["soul"] == []
    view = game.view("A")
    assert "ceased" not in view["players"]["A"]["zones"]
    assert view["players"]["A"]["zones"]["soul"]["count"] == 0


@pytest.mark.parametrize(("ability", "to"), [("VC:2", "soul"), ("VC:3", "hand")])
def test_a_token_sent_anywhere_off_the_field_vanishes(registry: Registry, ability: str,
                                                      to: str) -> None:
    game = two_tokens(registry)
    token = game.unit_at("A", "RC.FL")
    game.apply(f"act {ability}")
    game.apply("choose RC.FL")
    assert game.state.loc[token][1] == "ceased"
    assert game.state.players["A"].zones[to] == []
    assert game.unit_at("A", "RC.FL") is None


def test_triggers_on_a_retired_token_still_happen(registry: Registry) -> None:
    """SK-006 (B's RC): when an opponent's rear-guard is retired, soul charge 1: a token
    retired by a call over it is retired (then it ceases)."""
    game = two_tokens(registry)
    before = len(game.state.players["B"].zones["soul"])
    game.apply("act VC:1")
    game.apply("choose RC.FL")  # a new token over the old one: the old one is retired
    game.apply("done")
    st = game.state
    retired = [e for e in st.log if e["kind"] == "retire" and e["card"] == "SK-950"]
    assert len(retired) == 1
    assert len(st.players["B"].zones["soul"]) == before + 1
    assert [e["kind"] for e in st.log if e.get("uid") == retired[0]["uid"]][-2:] == [
        "retire", "token_ceased"]


def test_tokens_round_trip_through_clone_and_snapshots(registry: Registry) -> None:
    game = two_tokens(registry)
    game.apply("act VC:2")
    game.apply("choose RC.FR")  # one token ceased, one on the field
    clone = game.clone()
    restored = registry.load(json.loads(json.dumps(game.to_json())))
    assert clone.state.state_hash() == restored.state.state_hash() == game.state.state_hash()
    for copy in (clone, restored):
        copy.apply("act VC:1")
        copy.apply("choose RC.BC")
        copy.apply("done")
    assert clone.state.state_hash() == restored.state.state_hash()
    assert clone.view("B") == restored.view("B")


def test_snapshots_refuse_a_token_off_the_field(registry: Registry) -> None:
    game = two_tokens(registry)
    data = json.loads(json.dumps(game.to_json()))
    state = data["state"]
    token = tokens_of(game)[0]
    state["players"]["A"]["zones"]["RC.FL"].remove(token)
    state["players"]["A"]["zones"]["hand"].append(token)
    state["loc"][token] = ["A", "hand"]
    with pytest.raises(SnapshotError, match="a token exists only on the field"):
        registry.load(data)
    state["players"]["A"]["zones"]["hand"].remove(token)
    state["players"]["A"]["zones"]["RC.FL"].append(token)
    state["loc"][token] = ["A", "RC.FL"]
    registry.load(data)  # back on the field: fine
    state["players"]["A"]["zones"]["ceased"] = []
    dropped = state["players"]["A"]["zones"]["drop"].pop()  # SK-006, retired by the call
    state["players"]["A"]["zones"]["ceased"].append(dropped)
    state["loc"][dropped] = ["A", "ceased"]
    with pytest.raises(SnapshotError, match="SK-006 is no token"):
        registry.load(data)


def test_a_token_cannot_be_created_off_the_field(registry: Registry) -> None:
    game = board_game(registry)
    with pytest.raises(CardDataError, match="SK-950 is a token"):
        game.create_card("SK-950", "A", "hand")


def test_deck_validation_lists_tokens_with_the_other_violations(registry: Registry) -> None:
    deck = DeckList("with tokens", main=("SK-950",) * 2 + ("SK-003",) * 5,
                    ride_deck=("SK-950",))
    found = registry.deck_violations(deck, "d-standard")
    tokens = [v for v in found if v.startswith("token cards")]
    assert tokens == [
        "token cards cannot be in the main deck (an effect creates them on the field): "
        "SK-950 (2)",
        "token cards cannot be in the ride deck (an effect creates them on the field): "
        "SK-950 (1)"]
    assert len(found) > len(tokens)  # the size and other violations are still listed


def test_call_token_of_a_card_that_is_no_token_is_a_load_error(tmp_path) -> None:
    (tmp_path / "cards.yaml").write_text(
        "set: tok\nname: t\ncards:\n"
        "  - {id: TK-001, name: Maker, kind: normal_unit, grade: 1, power: 8000, shield: 5000,"
        " critical: 1, skill: boost, nation: Brandt Gate}\n")
    (tmp_path / "TK-001.lua").write_text(
        "-- TK-001 Maker\nreturn vg.card {\n  vg.act { effect = {\n"
        "    vg.call_token(\"TK-001\", 1),\n  } },\n}\n")
    registry = Registry(card_dirs=[tmp_path], strict=True)
    engine = registry.engine("d-standard")
    with pytest.raises(ScriptError, match=r"TK-001.*key 'effect.0.card'.*not a token") as err:
        engine.script("TK-001")
    assert err.value.line == 4


def test_random_games_with_tokens_keep_clones_and_snapshots_exact() -> None:
    """D-SD05 with Test Shade Callers (SK-951: tokens, and rear-guards into the soul or hand)
    instead of its Jewelions: random games, the invariants after every decision, and every
    few decisions a JSON snapshot and a clone that match the game and play on identically."""
    from dataclasses import replace

    from tests.conftest import SKILL_CARDS
    from tests.invariants import check_invariants
    from vgcore.agents import RandomAgent

    registry = Registry(card_dirs=[SKILL_CARDS], strict=True)
    base = registry.deck("D-SD05")
    main = tuple("SK-951" if c == "D-SD05-007" else c for c in base.main)
    deck = replace(base, name="shades", main=main)
    made = 0
    for seed in range(6):
        game = registry.new_game("d-standard", [deck, base], seed=seed)
        start = len(game.state.card_ids)
        agent = RandomAgent(seed)
        step = 0
        while not game.is_terminal and step < 400:
            game.apply(agent.choose(game, game.legal_actions()))
            step += 1
            new = game.state.card_ids[start:]
            assert set(new) <= {"SK-950"}
            check_invariants(game, start + len(new))
            if step % 25 == 0 and not game.is_terminal:
                restored = registry.load(json.loads(json.dumps(game.to_json())))
                clone = game.clone()
                assert restored.state.state_hash() == game.state.state_hash()
                assert restored.view("B") == game.view("B")
                for copy in (restored, clone):
                    copy.apply(copy.legal_actions()[0])
                assert restored.state.state_hash() == clone.state.state_hash()
        made += len(game.state.card_ids) - start
    assert made > 0


def test_a_game_paused_between_two_tokens_saves_and_restores(registry: Registry) -> None:
    game = board_game(registry)
    game.apply("act VC:1")
    game.apply("choose RC.FR")  # one token made, the second circle asked
    restored = registry.load(json.loads(json.dumps(game.to_json())))
    assert restored.legal_actions() == game.legal_actions()
    assert "choose RC.FR" not in [str(a) for a in restored.legal_actions()]
    for copy in (game, restored):
        copy.apply("choose RC.BC")
    assert restored.state.state_hash() == game.state.state_hash()
    assert len(tokens_of(restored)) == 2
