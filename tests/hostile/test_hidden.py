"""Hidden information (DESIGN.md §3, RULES.md §1): nothing a seat may not see reaches it — not
through its view, its redacted events, nor its decisions — in whole games of every built-in
format with scripted decks, for every seat (tests/hostile/secrecy.py judges each event).

The tests over games play the first two deck pairs of every format; the everyday suite plays
seed 0 of each, and all three seeds run with VGCORE_FULL_PLAYOUTS=1 (.ci/run)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.secrecy import Watching, words
from tests.invariants import playout_count
from tests.test_views import permute_hidden
from vgcore.agents import RandomAgent
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.testing.board import game_from_board
from vgcore.types import Phase, Zone
from vgcore.views import redact

SEEDS = playout_count(1, 3)
PAIRS = 2  # deck pairs per format (scripted decks first)


def deck_pairs(registry: Registry, format_id: str) -> list[list[Any]]:
    """Two-deck line-ups for a format, the scripted (non-vanilla) decks first; a tag fight
    seats the pair twice."""
    base = format_id.removeprefix("tag-")
    decks = sorted(registry.decks_for(base), key=lambda d: d.name.startswith("vanilla"))
    pairs = [list(p) for p in itertools.combinations(decks, 2)][:PAIRS]
    return [p * 2 for p in pairs] if format_id.startswith("tag-") else pairs


def playouts(registry: Registry, watching: Watching,
             format_id: str) -> Iterator[tuple[Game, Any]]:
    for seed, decks in itertools.product(range(SEEDS), deck_pairs(registry, format_id)):
        game, witness = watching.new_game(registry, format_id, decks, seed=seed)
        agent = RandomAgent(seed)
        witness.on_decision()
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()), seat=game.current_player)
            witness.on_decision()
        yield game, witness


FORMATS = ["premium", "premium-g", "v-standard", "d-standard", "tag-premium",
           "tag-v-standard", "tag-d-standard"]


def test_every_built_in_format_is_played_here(registry: Registry) -> None:
    assert sorted(FORMATS) == sorted(registry.formats)


@pytest.mark.full
@pytest.mark.parametrize("format_id", FORMATS)
def test_no_seat_is_ever_told_a_card_it_may_not_see(registry: Registry, format_id: str) -> None:
    """Every event as each seat receives it, every seat's view and the asked seat's decision
    at every question name only cards that seat may know (secrecy.Witness)."""
    ids = frozenset(registry.db)
    with Watching(ids) as watching:
        for game, witness in playouts(registry, watching, format_id):
            assert witness.events == len(game.state.log)
            assert not witness.leaks, "\n".join(str(leak) for leak in witness.leaks[:5])


@pytest.mark.full
@pytest.mark.parametrize("format_id", FORMATS)
def test_every_event_that_names_a_card_has_a_redaction_rule(registry: Registry,
                                                            format_id: str) -> None:
    """A field naming a card must be one its kind lists (events.CARD_FIELDS, plugins'
    `vgcore_event_card_fields`): otherwise a private event would show it to everyone."""
    ids = frozenset(registry.db)
    engine = registry.engine(format_id)
    unlisted: set[tuple[str, str]] = set()
    for seed, decks in itertools.product(range(SEEDS), deck_pairs(registry, format_id)):
        game = registry.new_game(format_id, decks, seed=seed)
        agent = RandomAgent(seed)
        while not game.is_terminal:
            game.apply(agent.choose(game, game.legal_actions()))
        for event in game.state.log:
            fields = engine.event_card_fields.get(event["kind"], frozenset())
            for key, value in event.items():
                if key.endswith("uid") or key in fields or key in ("kind", "private"):
                    continue
                if any(w in ids for w in words(value)):
                    unlisted.add((event["kind"], key))
    assert not unlisted, f"fields naming cards without a redaction rule: {sorted(unlisted)}"


def test_a_private_event_hides_its_kinds_card_fields(registry: Registry) -> None:
    """Redaction follows the registry, not a fixed list of keys (a stride's `heart`)."""
    engine = registry.engine("premium")
    event = {"kind": "stride", "n": 1, "seat": "A", "card": "X-1", "heart": "X-2",
             "uid": 3, "heart_uid": 4, "private": "A"}
    assert redact(event, "B", engine.event_card_fields) == {
        "kind": "stride", "n": 1, "seat": "A", "private": "A"}
    assert redact(event, "A", engine.event_card_fields)["heart"] == "X-2"
    several = {**event, "private": ["A", "B"]}
    assert "heart" in redact(several, "B", engine.event_card_fields)
    assert "heart" not in redact({**event, "private": []}, "A", engine.event_card_fields)
    assert "heart" not in redact(event, None, engine.event_card_fields)  # no seat: public only


@pytest.mark.full
@pytest.mark.parametrize("format_id", FORMATS)
def test_permuting_what_a_seat_cannot_see_leaves_its_view_unchanged(
        registry: Registry, format_id: str) -> None:
    """Every seat, at points through a game: the other seats' hands and decks swapped among
    themselves do not change what the seat's view shows (the log is judged event by event
    above)."""
    decks = deck_pairs(registry, format_id)[0]
    for seed in range(SEEDS):
        game = registry.new_game(format_id, decks, seed=seed)
        agent = RandomAgent(seed)
        for step in itertools.count():
            if game.is_terminal or step > 400:
                break
            if step % 37 == 0:
                for viewer in game.state.seats:
                    twin = game
                    for other in game.state.seats:
                        if other != viewer:
                            twin = permute_hidden(twin, other)
                    assert game.view(viewer, log=False) == twin.view(viewer, log=False)
            game.apply(agent.choose(game, game.legal_actions()))


# -- choices of cards somebody may not see (tests/hostile/cards) ---------------------------

HIDDEN_CARDS = Path(__file__).parent / "cards"


@pytest.fixture(scope="module")
def hidden_registry() -> Registry:
    return Registry(card_dirs=[HIDDEN_CARDS], strict=True)


def choice_board(vanguard: str) -> dict[str, Any]:
    """A (at its main phase, `vanguard` on VC) has face-down damage; B holds cards in hand and
    face down in bind whose ids appear nowhere A can see."""
    return {
        "A": {"vanguard": vanguard, "hand": ["HH-005", "HH-006"],
              "damage": ["HH-006/down", "HH-007/down", "HH-005"],
              "deck": ["HH-005", "HH-006", "HH-007"]},
        "B": {"vanguard": "HH-007", "hand": ["TD02-005", "TD02-006", "TD02-007"],
              "bind": ["TD02-008/down", "TD02-009/down"],
              "deck": ["TD02-002", "TD02-003", "TD02-010"]},
    }


def act_and_answer(registry: Registry, vanguard: str, seed: int,
                   answers: dict[str, str]) -> tuple[Game, Any, list[Any]]:
    """Start the board under a witness, `act VC`, answer the ability's questions (`answers`
    by decision kind, else the first option), return the game, witness and decisions asked."""
    with Watching(frozenset(registry.db)) as watching:
        game, witness = watching.start(game_from_board, registry.engine("premium"),
                                       choice_board(vanguard), turn=3, phase=Phase.MAIN,
                                       seed=seed)
        asked = []
        game.apply("act VC", seat="A")
        witness.on_decision()
        while game.decision is not None and game.decision.kind != "main":
            d = game.decision
            asked.append(d)
            game.apply(answers.get(d.kind, d.options[0]), seat=d.seat)
            witness.on_decision()
    assert not witness.leaks, "\n".join(map(str, witness.leaks))
    return game, witness, asked


def log_text(game: Game, seat: str) -> str:
    return json.dumps(game.view(seat)["log"])


@pytest.mark.parametrize("seed", range(4))
def test_choosing_from_the_opponents_hand_is_blind(hidden_registry: Registry, seed: int) -> None:
    """HH-001: A picks one of B's hand cards without looking (`B.hand/hidden`, taken at once:
    every card looks alike); B is told which, A learns it only as it reaches the drop."""
    game, _witness, asked = act_and_answer(hidden_registry, "HH-001", seed, {})
    assert asked == []  # one option, `choose B.hand/hidden`: forced
    chose = [e for e in game.view("B")["log"] if e["kind"] == "chose"]
    assert chose and chose[-1]["cards"][0] in ("TD02-005", "TD02-006", "TD02-007")
    a_chose = [e for e in game.view("A")["log"] if e["kind"] == "chose"][-1]
    assert "cards" not in a_chose
    decision = [e for e in game.view("A")["log"] if e["kind"] == "decision"][-1]
    assert decision["answer"] == "choose B.hand/hidden"
    kept = list(game.state.players["B"].zones[Zone.HAND])
    assert len(kept) == 2
    for card in kept:
        assert game.state.card_ids[card] not in log_text(game, "A")


def test_the_opponent_choosing_from_your_hand_is_blind(hidden_registry: Registry) -> None:
    """HH-004: B chooses one of A's hand cards without looking; A sees which went to soul."""
    game, _witness, _asked = act_and_answer(hidden_registry, "HH-004", 0, {})
    a_chose = [e for e in game.view("A")["log"] if e["kind"] == "chose"][-1]
    b_chose = [e for e in game.view("B")["log"] if e["kind"] == "chose"][-1]
    assert a_chose["cards"] and "cards" not in b_chose


def test_choosing_from_the_opponents_face_down_bind_is_blind(hidden_registry: Registry) -> None:
    game, _witness, _asked = act_and_answer(hidden_registry, "HH-003", 1, {})
    remaining = game.state.card_ids[game.state.players["B"].zones[Zone.BIND][0]]
    assert remaining not in log_text(game, "A")
    assert [e for e in game.view("B")["log"] if e["kind"] == "chose"][-1]["cards"]


def test_choosing_among_your_own_face_down_damage_is_told_to_you_only(
        hidden_registry: Registry) -> None:
    """HH-002: A sees its face-down damage by id and picks one into its hand; B is told
    neither the options, the answer, the choice nor the card that went to the hand."""
    game, _witness, asked = act_and_answer(hidden_registry, "HH-002", 0,
                                           {"choose": "choose HH-007/down"})
    assert [str(o) for o in asked[0].options] == [
        "choose HH-005", "choose HH-006/down", "choose HH-007/down"]
    assert "HH-007" in log_text(game, "A")
    assert "HH-007" not in log_text(game, "B")


def test_a_pick_hidden_from_the_chooser_is_taken_at_random_among_them(
        hidden_registry: Registry) -> None:
    """Not always the first card of the hand: over seeds, different cards are taken."""
    taken = set()
    for seed in range(8):
        game, _w, _a = act_and_answer(hidden_registry, "HH-001", seed, {})
        taken.add(next(e["cards"][0] for e in reversed(game.state.log) if e["kind"] == "chose"))
    assert len(taken) > 1


def test_a_deck_is_searched_by_its_owner_and_picked_blind_by_anyone_else(
        hidden_registry: Registry) -> None:
    """Choosing from your own deck is searching it (ids); from another seat's deck, blind."""
    from vgcore.steps import pick_options, start_picks

    game = game_from_board(hidden_registry.engine("premium"), choice_board("HH-001"), turn=3,
                           phase=Phase.MAIN)
    deck = list(game.state.players["B"].zones[Zone.DECK])
    own: dict[str, Any] = {}
    start_picks(own, "B", deck, 1, 1)
    assert [str(o) for o in pick_options(game, own["pick"])] == [
        "choose TD02-002", "choose TD02-003", "choose TD02-010"]
    foe: dict[str, Any] = {}
    start_picks(foe, "A", deck, 1, 1)
    assert [str(o) for o in pick_options(game, foe["pick"])] == ["choose B.deck/hidden"]


def test_act_starts_the_offered_copy_not_one_hidden_in_the_deck(registry: Registry) -> None:
    """TD01-003's ACT works from the hand: with a copy in the deck too, `act` reveals and
    moves the copy in hand (it once took the first copy found, which could be the deck's)."""
    board = {"A": {"vanguard": "TD01-004", "hand": ["TD01-003"],
                   "deck": ["TD01-003", "TD01-005", "TD01-005"]},
             "B": {"vanguard": "TD02-004", "deck": ["TD02-005", "TD02-005"]}}
    game = game_from_board(registry.engine("premium"), board, turn=3, phase=Phase.MAIN)
    st = game.state
    in_hand = st.players["A"].zones[Zone.HAND][0]
    game.apply("act TD01-003:2", seat="A")
    assert "TD01-003" not in [st.card_ids[u] for u in st.players["A"].zones[Zone.HAND]]
    assert st.players["A"].zones[Zone.DECK][0] == in_hand
