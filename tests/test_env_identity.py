"""The environment's fast path changes how observations are built, never what they hold:
over whole seeded games of every format, each seat's observation equals the one the
encoder of commit 74db7c0 makes from the full `game.view(seat)` (tests/envs_reference.py),
and the lean view the encoder reads holds the full view's values."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tests.envs_reference import ReferenceEncoder
from tests.invariants import playout_count
from vgcore.envs.pettingzoo import VanguardAECEnv
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.views import observed_view

FORMATS = ("d-standard", "premium", "v-standard", "premium-g", "tag-d-standard",
           "tag-premium")


@pytest.fixture(scope="module")
def plain() -> Registry:
    return Registry()


def assert_same_observation(mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert mine["observation"].keys() == theirs["observation"].keys()
    for name, array in mine["observation"].items():
        other = theirs["observation"][name]
        assert array.dtype == other.dtype and array.shape == other.shape, name
        assert np.array_equal(array, other), name
    assert mine["action_mask"].dtype == theirs["action_mask"].dtype
    assert np.array_equal(mine["action_mask"], theirs["action_mask"])


def assert_part_of(lean: Any, full: Any, where: str = "view") -> None:
    """Every key of the lean view is the full view's, with the same value (lean dicts may
    leave keys out; everything else is equal, type included)."""
    assert type(lean) is type(full), where
    if isinstance(lean, dict):
        for key, value in lean.items():
            assert key in full, f"{where}.{key}"
            assert_part_of(value, full[key], f"{where}.{key}")
    else:
        assert lean == full, where


def random_walk(env: VanguardAECEnv, seeds: range,
                max_iter: int) -> Iterator[tuple[str, dict[str, Any], Game]]:
    """Each step of seeded games through the env: (agent, its observation, the game), the
    caller's checks done before a uniformly random legal answer is given."""
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=max_iter):
            obs, _reward, terminated, truncated, _info = env.last()
            game = env.game
            assert game is not None
            yield agent, obs, game
            env.step(None if terminated or truncated
                     else rng.randrange(int(obs["action_mask"].sum())))


@pytest.mark.full
@pytest.mark.parametrize("format_id", FORMATS)
def test_every_observation_of_whole_games_is_the_reference_encoders(
        plain: Registry, format_id: str) -> None:
    env = VanguardAECEnv(format_id, registry=plain)
    reference = ReferenceEncoder(env.setup.engine, env.setup.encoder.sizes)
    encoder = env.setup.encoder
    compared = 0
    for agent, obs, game in random_walk(env, range(playout_count(2, 3)), 600):
        assert_same_observation(obs, reference.encode(game, agent))
        for seat in game.state.seats:  # the seats not asked too (cached blocks differ)
            if seat != agent:
                assert_same_observation(encoder.encode(game, seat),
                                        reference.encode(game, seat))
            assert_part_of(observed_view(game, seat), game.view(seat, log=False))
        compared += 1
    assert compared > 250


STATE_CASES = [("d-standard", ("D-BT01-brandt-gate", "D-BT01-brandt-gate-prison")),
               ("d-standard", ("D-BT01-dark-states", "D-BT01-dragon-empire")),
               ("d-standard", ("D-BT01-keter-sanctuary", "D-BT01-stoicheia")),
               ("d-standard", None),
               ("v-standard", None),
               ("v-standard", ("vanilla-v-aqua-force", "vanilla-v-oracle-think-tank"))]


@pytest.mark.parametrize(("format_id", "decks"), STATE_CASES,
                         ids=[f"{f}-{d[0] if d else 'defaults'}" for f, d in STATE_CASES])
def test_observations_read_from_the_state_are_the_views(
        plain: Registry, format_id: str, decks: tuple[str, str] | None) -> None:
    """An engine without view hooks that observed_view runs encodes from the state
    (`Encoder.encode_seen`): every seat's observation, at every step of whole games, is the
    one encoded from its view and the reference encoder's."""
    env = VanguardAECEnv(format_id, decks, registry=plain)
    encoder = env.setup.encoder
    assert encoder.reads_state
    reference = ReferenceEncoder(env.setup.engine, encoder.sizes)
    compared = 0
    for _agent, _obs, game in random_walk(env, range(2), 1000):
        for seat in game.state.seats:
            seen = encoder.encode_seen(game, seat)
            assert_same_observation(seen, encoder.encode_view(observed_view(game, seat), seat))
            assert_same_observation(seen, reference.encode(game, seat))
        compared += 1
    assert compared > 300


def test_engines_with_view_hooks_encode_from_the_view(plain: Registry) -> None:
    """The legion mate and the tag fight's open hands are added by view hooks: those
    formats' observations are encoded from observed_view."""
    for format_id in ("premium", "premium-g", "tag-d-standard"):
        assert not VanguardAECEnv(format_id, registry=plain).setup.encoder.reads_state


def test_an_observation_is_its_callers_own(plain: Registry) -> None:
    """The encoder keeps what it copies observations from (field rows, masks): an
    observation a learner keeps never changes at later steps, and writing into one (as a
    learner may, in place) changes no later observation."""
    env = VanguardAECEnv("d-standard", registry=plain)
    encoder = env.setup.encoder
    reference = ReferenceEncoder(env.setup.engine, encoder.sizes)
    kept = []
    for agent, obs, game in random_walk(env, range(3), 400):
        assert_same_observation(obs, reference.encode(game, agent))
        kept.append((obs, copy.deepcopy(obs)))
        scratch = encoder.encode(game, agent)
        for array in (*scratch["observation"].values(), scratch["action_mask"]):
            array.fill(-1)
    assert len(kept) > 300
    for obs, then in kept:
        assert_same_observation(obs, then)
