"""Snapshot flags have declared shapes, and each answer of the pending question is probed.

A flag a plugin keeps (`state.flags`, `state.players.<seat>.flags`) is declared with its
shape through `vgcore_flag_shapes`; a snapshot holding an undeclared flag, or a flag of the
wrong shape, is refused at load with a `SnapshotError` naming the place, instead of crashing
the plugin later. After the structural checks, each legal answer is applied on a clone: a
tampering the checks miss but that breaks the engine is refused too.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest

import vgcore.snapshots as snapshots
from vgcore import Registry, SnapshotError
from vgcore.snapshots import shape_problem

pytestmark = pytest.mark.hostile


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@cache
def _registry() -> Registry:
    return Registry()


def busy_answer(options: list[Any], rnd: random.Random) -> Any:
    """A random answer, preferring to do something over passing (more flags get set)."""
    doing = [o for o in options if not str(o).startswith(("end", "pass", "no", "skip"))]
    return rnd.choice(doing or options)


@cache
def snapshot_with(format_id: str, scope: str, flag: str) -> str:
    """JSON text of a real snapshot of `format_id` in which `flag` is set (scope "game" or
    a player's), from the first seeded game that sets it."""
    registry = _registry()
    for seed in range(40):
        game = registry.new_game(format_id, seed=seed)
        rnd = random.Random(seed)
        for _ in range(600):
            if game.is_terminal:
                break
            st = game.state
            if flag in (st.flags if scope == "game" else st.players[scope].flags):
                return json.dumps(game.to_json())
            options = game.decision.options
            game.apply(busy_answer(options, rnd) if seed % 2 else rnd.choice(options))
    raise AssertionError(f"no {format_id} game sets {flag}")


def refusal(registry: Registry, data: dict[str, Any]) -> str:
    with pytest.raises(SnapshotError) as caught:
        registry.load(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def set_flag(text: str, scope: str, flag: str, value: Any) -> dict[str, Any]:
    data = json.loads(text)
    state = data["state"]
    flags = state["flags"] if scope == "game" else state["players"][scope]["flags"]
    flags[flag] = value
    return data


def place(scope: str, flag: str) -> str:
    return f"state.flags.{flag}" if scope == "game" else f"state.players.{scope}.flags.{flag}"


# Flags that real games of the format set: (format, where, flag, a value of the wrong shape).
SET_IN_PLAY = [
    ("premium-g", "A", "stride_start_grade", [3]),
    ("premium-g", "A", "stride_start_grade", ["3", 1]),
    ("premium-g", "A", "stride_turn", "3"),
    ("premium-g", "A", "_legion_used", [10 ** 6]),
    ("premium-g", "A", "_legion_used", 4),
    ("v-standard", "A", "gift_versions", {"force": "two"}),
    ("v-standard", "A", "gift_versions", ["force"]),
    ("v-standard", "A", "orders_played", {"turn": 3}),
    ("tag-v-standard", "A1", "orders_played", {"turn": 3, "count": "1"}),
    ("tag-v-standard", "A1", "gift_versions", {"accel": None}),
    ("d-standard", "A", "originaldress", {"7": 5}),
    ("d-standard", "A", "originaldress", {"100000": []}),
    ("d-standard", "A", "originaldress", {"x": [1]}),
    ("d-standard", "A", "orders_played", {"turn": 3, "count": 1, "more": 2}),
    ("d-standard", "A", "persona_ride_turn", None),
    ("d-standard", "B", "states", {"calm": "yes"}),
    ("d-standard", "game", "used", [1]),
    ("d-standard", "game", "pending_seq", "9"),
    ("d-standard", "game", "first_player_rule", 2),
    ("d-standard", "A", "first_vanguard", 12),
]


@pytest.mark.parametrize(("format_id", "scope", "flag", "wrong"), SET_IN_PLAY)
def test_a_flag_of_the_wrong_shape_is_refused_naming_it(registry: Registry, format_id: str,
                                                         scope: str, flag: str,
                                                         wrong: Any) -> None:
    text = snapshot_with(format_id, scope, flag)
    registry.load(text)  # the untampered snapshot loads
    message = refusal(registry, set_flag(text, scope, flag, wrong))
    assert message.startswith(f"invalid snapshot: {place(scope, flag)}"), message


# Flags random play does not reach in a few games: set to a value of the right shape on a
# real snapshot of the format (it loads), then of the wrong shape (refused).
NOT_IN_PLAY = [
    ("premium-g", "A", "ultimate_stride_uid", 0, "0"),
    ("v-standard", "A", "accel_circles", 0, [1]),
    ("d-standard", "B", "imprisoned", [], [10 ** 6]),
    ("d-standard", "game", "script_errors", ["X:1"], "X:1"),
    ("d-standard", "game", "grant_seq", 4, 4.5),
    ("d-standard", "game", "granted", {}, {"g1": {"uid": 0}}),
    ("d-standard", "game", "while", {}, {"w1": {"seat": "Q", "uid": 0, "by": 0, "path": []}}),
]


@pytest.mark.parametrize(("format_id", "scope", "flag", "right", "wrong"), NOT_IN_PLAY)
def test_a_flag_set_by_hand_is_checked_for_its_shape(registry: Registry, format_id: str,
                                                      scope: str, flag: str, right: Any,
                                                      wrong: Any) -> None:
    text = snapshot_with(format_id, "game", "pending_seq")
    registry.load(set_flag(text, scope, flag, right))
    message = refusal(registry, set_flag(text, scope, flag, wrong))
    assert message.startswith(f"invalid snapshot: {place(scope, flag)}"), message


@pytest.mark.parametrize("scope", ["game", "A", "B"])
def test_an_undeclared_flag_is_refused(registry: Registry, scope: str) -> None:
    text = snapshot_with("d-standard", "game", "pending_seq")
    message = refusal(registry, set_flag(text, scope, "teleport_count", 1))
    assert message == (f"invalid snapshot: {place(scope, 'teleport_count')}: "
                       "no plugin of this format declares this flag")


def test_a_flag_of_a_plugin_the_format_lacks_is_refused(registry: Registry) -> None:
    """stride_turn is declared by the stride plugin, which d-standard does not use."""
    text = snapshot_with("d-standard", "game", "pending_seq")
    message = refusal(registry, set_flag(text, "A", "stride_turn", 3))
    assert "state.players.A.flags.stride_turn: no plugin" in message


FORMATS = ["premium", "premium-g", "v-standard", "d-standard", "tag-premium",
           "tag-v-standard", "tag-d-standard"]


@pytest.mark.parametrize("format_id", FORMATS)
def test_untampered_snapshots_of_every_decision_load(registry: Registry, format_id: str) -> None:
    """No false refusals: each decision of a real game (busy random answers) loads to the
    same state."""
    for seed in (1, 2):
        game = registry.new_game(format_id, seed=seed)
        rnd = random.Random(seed)
        for _ in range(150):
            if game.is_terminal:
                break
            loaded = registry.load(game.to_json())
            assert loaded.state.state_hash() == game.state.state_hash()
            game.apply(busy_answer(game.decision.options, rnd))


def game_stage_rewound() -> dict[str, Any]:
    """At the mulligan, the game frame set back to its setup stage: every frame, flag and
    card is well formed and the question is asked as before, but answering it starts the
    game over and the engine breaks (a RuntimeError)."""
    game = _registry().new_game("d-standard", seed=5)
    rnd = random.Random(5)
    for _ in range(3):
        game.apply(rnd.choice(game.decision.options))
    data = copy.deepcopy(game.to_json())
    assert data["state"]["decision"]["kind"] == "mulligan"
    assert data["state"]["stack"][0] == {"k": "game", "s": 1}
    data["state"]["stack"][0]["s"] = 0
    return data


def test_the_probe_refuses_a_state_an_answer_breaks(registry: Registry) -> None:
    message = refusal(registry, game_stage_rewound())
    assert message == "invalid snapshot: state: answering 'keep' breaks the game (RuntimeError)"


def test_without_the_probe_that_state_loads_and_breaks(registry: Registry,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The structural checks alone miss it: the probe is what refuses it."""
    monkeypatch.setattr(snapshots, "probe_answers", lambda game: None)
    game = registry.load(game_stage_rewound())
    with pytest.raises(RuntimeError):
        game.apply("keep")


@pytest.mark.parametrize("shape", ["int", "uid?", "[int, int]", "{str: [uid]}",
                                   "{turn: int, count: int}", "{uid: {seat: seat, n: any}}"])
def test_shapes_the_plugins_may_declare(shape: str) -> None:
    assert shape_problem(shape) is None


@pytest.mark.parametrize("shape", ["integer", "", "[int, nmber]", "{str}", 3])
def test_a_shape_that_cannot_be_read_is_found_when_declared(shape: Any) -> None:
    assert shape_problem(shape) is not None
