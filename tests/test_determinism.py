"""Determinism, snapshots and clones (DESIGN.md §2): the game is plain data."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from vgcore.agents import RandomAgent
from vgcore.errors import IllegalActionError
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.rng import Pcg32


def play(game: Game, seed: int, limit: int | None = None) -> list[str]:
    agent = RandomAgent(seed)
    answers = []
    while not game.is_terminal and (limit is None or len(answers) < limit):
        action = agent.choose(game, game.legal_actions())
        answers.append(str(action))
        game.apply(action)
    return answers


def test_pcg32_matches_the_reference_sequence() -> None:
    """The PRNG is specified (PCG32 XSH-RR), so its outputs are fixed for ever."""
    rng = Pcg32(42, 54)
    assert [rng.next_u32() for _ in range(3)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330]


def test_below_is_rejection_sampling_over_next_u32() -> None:
    """`below` writes the generator's step out too; it must draw what rejection sampling over
    `next_u32` draws (bounds near 2**32 reject often), leaving the generator where it would."""
    for seed in range(20):
        fast, slow = Pcg32(seed), Pcg32(seed)
        for bound in (1, 2, 3, 7, 50, 1000, 3 * 2**30, 2**32 - 1, 2**31 + 1):
            threshold = (2**32 - bound) % bound
            r = slow.next_u32()
            while r < threshold:
                r = slow.next_u32()
            assert fast.below(bound) == r % bound and fast.state == slow.state


def test_below_draws_next_u32s_numbers_from_any_state() -> None:
    """`below` and `shuffle` step the generator on the state's 32-bit halves (rng._step):
    from thousands of arbitrary states and increments (every rotation, every carry) they
    must draw what the 64-bit formula of `next_u32` draws, or replays would change."""
    r = random.Random(5)
    for _ in range(2000):
        state, inc = r.getrandbits(64), r.getrandbits(64) | 1
        fast, slow = Pcg32(position=(state, inc)), Pcg32(position=(state, inc))
        for bound in (1, 2, 7, 50, 2**31 + 1, 2**32 - 1):
            threshold = (2**32 - bound) % bound
            drawn = slow.next_u32()
            while drawn < threshold:
                drawn = slow.next_u32()
            assert fast.below(bound) == drawn % bound and fast.state == slow.state


def test_shuffle_is_fisher_yates_over_below() -> None:
    """`shuffle` writes the generator's steps out for speed; it must draw exactly what
    Fisher-Yates over `below(i + 1)` draws, or every recorded game would replay differently."""
    for seed in range(50):
        fast, slow = Pcg32(seed), Pcg32(seed)
        items = list(range(seed % 7 + 45))
        expected = list(items)
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == slow.state


@pytest.mark.parametrize("format_id", ["premium", "v-standard", "d-standard"])
def test_same_inputs_give_an_identical_game(registry: Registry, format_id: str) -> None:
    a = registry.new_game(format_id, seed=11)
    b = registry.new_game(format_id, seed=11)
    assert play(a, 5) == play(b, 5)
    assert a.state.log == b.state.log
    assert a.state.state_hash() == b.state.state_hash()


def test_different_seeds_shuffle_differently(registry: Registry) -> None:
    a = registry.new_game("premium", seed=1)
    b = registry.new_game("premium", seed=2)
    assert a.state.players["A"].zones["deck"] != b.state.players["A"].zones["deck"]


@pytest.mark.parametrize("format_id", ["premium", "d-standard"])
def test_json_round_trip_mid_game_continues_identically(registry: Registry,
                                                         format_id: str) -> None:
    game = registry.new_game(format_id, seed=3)
    play(game, 9, limit=60)
    text = json.dumps(game.to_json())
    restored = Game.from_json(game.engine, json.loads(text))
    assert restored.state.state_hash() == game.state.state_hash()
    assert play(restored, 21) == play(game, 21)
    assert restored.state.log == game.state.log


def test_json_round_trip_at_every_decision(registry: Registry) -> None:
    game = registry.new_game("v-standard", seed=4)
    agent = RandomAgent(4)
    while not game.is_terminal:
        snapshot = Game.from_json(game.engine, json.loads(json.dumps(game.to_json())))
        assert snapshot.state.state_hash() == game.state.state_hash()
        assert snapshot.legal_actions() == game.legal_actions()
        game.apply(agent.choose(game, game.legal_actions()))


def test_clone_is_independent(registry: Registry) -> None:
    game = registry.new_game("premium", seed=5)
    play(game, 1, limit=40)
    before = game.state.state_hash()
    twin = game.clone()
    play(twin, 2)
    assert twin.is_terminal
    assert game.state.state_hash() == before
    assert play(game.clone(), 3) == play(game.clone(), 3)


def test_illegal_answer_raises_with_legal_answers_and_changes_nothing(registry: Registry) -> None:
    game = registry.new_game("premium", seed=6)
    before = game.state.state_hash()
    with pytest.raises(IllegalActionError) as err:
        game.apply("attack VC -> B.VC")
    assert "keep" in err.value.legal
    assert "keep" in str(err.value)
    with pytest.raises(IllegalActionError):
        game.apply("not an -> action discard")
    with pytest.raises(IllegalActionError):
        game.apply(999)
    assert game.state.state_hash() == before


def test_forced_answers_are_taken_and_logged(registry: Registry) -> None:
    game = registry.new_game("premium", seed=7)
    play(game, 7, limit=30)
    forced = [e for e in game.state.log if e["kind"] == "decision" and e["forced"]]
    assert forced, "a vanilla game has forced decisions (e.g. 'done' with an empty hand)"
    assert all(e["answer"] for e in forced)


def hash_by_definition(game: Game) -> str:
    """The state hash as defined: sha256 of `json.dumps` with sorted keys, no blanks."""
    text = json.dumps(game.state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("format_id", ["premium-g", "v-standard", "d-standard", "tag-v-standard"])
def test_state_hash_is_the_digest_of_the_defined_json(registry: Registry, format_id: str) -> None:
    """Replays made before keep verifying: the fast encoding writes the same bytes."""
    game = registry.new_game(format_id, seed=4)
    agent = RandomAgent(4)
    while not game.is_terminal:
        assert game.state.state_hash() == hash_by_definition(game)
        game.apply(agent.choose(game, game.legal_actions()))
    assert game.state.state_hash() == hash_by_definition(game)


def test_state_hash_of_non_ascii_text_escapes_it_as_json_does(registry: Registry) -> None:
    game = registry.new_game("premium", seed=1)
    game.state.players["A"].flags["note"] = "ガード — ≥ 10000"
    assert game.state.state_hash() == hash_by_definition(game)
