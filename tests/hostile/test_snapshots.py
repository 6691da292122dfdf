"""Replays and snapshots from strangers (issue "hostile content, bounded").

Every tampered snapshot or replay is refused with one line naming what is wrong, in a process
bounded in time and memory (tests/hostile/harness.py); a real snapshot is never refused; and
a few hundred random mutations of real mid-game snapshots either load and play on or are
refused by vgcore's own error, never a traceback. The fixtures in snapshots/ come from
snapshots/make_fixtures.py (one change each); huge and deep inputs are made here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.harness import Outcome, assert_bounded, assert_clean_refusal, run_bounded
from tests.hostile.mutations import mutate
from vgcore import Game, Registry, SnapshotError

pytestmark = pytest.mark.hostile

HERE = Path(__file__).parent / "snapshots"

# fixture -> what its one-line refusal says
SNAPSHOT_REFUSALS = {
    "state-a-list": "its 'state' a mapping",
    "unknown-key": "state: unknown key(s) cheat",
    "card-in-two-places": "state.players.A.zones.hand[5]: card 13 is in two places",
    "card-in-no-zone": "state.loc[7]: card 7 is in no zone",
    "loc-disagrees": "state.loc[15]: ['A', 'drop'], but the card is in A's hand",
    "negative-uid": "state.players.A.zones.hand[0]: -3 is not a card of this game",
    "foreign-uid": "state.players.B.zones.hand[0]: 100000 is not a card of this game",
    "owners-short": "state.owners: 99 entries for 100 cards",
    "owner-no-seat": "state.owners[5]: 'Z' is not a seat (seats: A, B)",
    "two-on-a-circle": "state.players.A.zones.VC: 2 cards on one circle",
    "rng-out-of-range": "state.rng[0]: a number larger than 64 bits",
    "rng-even-increment": "state.rng[1]: a PCG32 increment is odd",
    "turn-huge": "state.turn: a number larger than 64 bits",
    "turn-a-string": "state.turn: expected a whole number, got str",
    "result-without-ending": "state.result: 'A', but no game_over event says so",
    "ending-without-result": "state.result: none, but event 116 ended the game",
    "unknown-frame": "state.stack[4].k: unknown frame kind 'teleport'",
    "turn-step-out-of-range": "state.stack[1].i: the turn has 6 steps",
    "guard-passes-negative": "state.stack[4].passes: -1 is out of range",
    "battle-attacker-foreign": "state.battle.attacker: 5000 is not a card of this game",
    "decision-extra-option": "state.decision: does not match the question this state asks "
                             "(guard for B: guard TD02-016, done)",
    "decision-other-seat": "state.decision: does not match the question this state asks",
    "decision-id": "state.decision.id: 3, but the last question asked was #30",
    "decision-null-answer": "state.decision.options[0]: expected an action string",
    "pending-no-such-ability": "state.pending[0]: D-SD02-004 has no ability 99",
    "pending-wrong-card": "state.pending[1].card: 'D-SD02-003', but card 0 is D-SD01-001",
    "grant-leads-nowhere": "state.flags.granted.g1.path: 9 leads nowhere in the ability",
    "step-path-nowhere": "state.stack[6].path: 42 leads nowhere in the ability",
    "block-without-resolve": "state.stack[5].r: 2 is not a resolve frame below this one",
    "frames-out-of-order": "state.stack[3]: a guard_step frame does not go on a battle_phase "
                           "frame",
    "battle-missing": "state.stack[3]: a battle_round frame with no battle going on",
    "modifier-foreign-uid": "state.modifiers[0]: 999 is not a card of this game",
    "truncated": "the snapshot is not JSON: line 1 column",
    "not-utf8": "the snapshot is not UTF-8 text (byte",
}
BASES = ("base-guard", "base-resolve", "base-choose")

# The child loads each file given with one registry and prints `name<TAB>outcome` per file.
LOAD_EACH = """
import sys
from pathlib import Path
from vgcore import Registry
from vgcore.errors import VgError
registry = Registry()
for name in sys.argv[1:]:
    try:
        game = registry.load(Path(name).read_bytes())
        game.apply(game.legal_actions()[0])
        said = "loaded and played on"
    except VgError as exc:
        said = type(exc).__name__ + ": " + str(exc).replace("\\n", "<newline>")
    print(Path(name).name.split(".")[0] + "\\t" + said)
"""


def load_in_child(*files: Path) -> Outcome:
    return run_bounded([str(f) for f in files], code=LOAD_EACH)


def said_for(outcome: Outcome) -> dict[str, str]:
    return dict(line.split("\t", 1) for line in outcome.out.splitlines() if "\t" in line)


@pytest.fixture(scope="module")
def snapshot_outcome() -> Outcome:
    """All snapshot fixtures, loaded in one bounded child (one interpreter start, not 35)."""
    names = [*BASES, *SNAPSHOT_REFUSALS]
    return load_in_child(*(HERE / f"{name}.snapshot.json" for name in names))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


# -- tampered snapshots ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SNAPSHOT_REFUSALS))
def test_a_tampered_snapshot_is_refused_in_one_line(snapshot_outcome: Outcome,
                                                    name: str) -> None:
    assert_bounded(snapshot_outcome)
    said = said_for(snapshot_outcome)[name]
    assert said.startswith("SnapshotError: "), said
    assert SNAPSHOT_REFUSALS[name] in said, said
    assert "<newline>" not in said


@pytest.mark.parametrize("name", BASES)
def test_the_real_snapshots_the_fixtures_come_from_load(snapshot_outcome: Outcome,
                                                        name: str) -> None:
    assert said_for(snapshot_outcome)[name] == "loaded and played on"


def test_game_from_json_refuses_a_tampered_mapping(registry: Registry) -> None:
    data = json.loads((HERE / "card-in-two-places.snapshot.json").read_text())
    with pytest.raises(SnapshotError, match="is in two places"):
        Game.from_json(registry.engine("premium"), data)


def test_steps_a_function_returned_are_checked_again(tmp_path: Path) -> None:
    """A resolution keeps the steps a card's function returned (`dyn`): a snapshot whose
    returned steps or path into them were edited is refused."""
    from tests.test_declarations import DECK_A, DECK_B, lenient_game

    source = ("return vg.card { vg.act { zones = {'RC'}, effect = {\n"
              "  vg.steps_from(function(ctx)\n"
              "    return { vg.draw(1), vg.choose { 'ally', from = vg.rear_guards() } }\n"
              "  end),\n"
              "  vg.power('ally', 1000) } } }\n")
    board = {"A": {"vanguard": "VAN-RP-009", "rear": {"RC.FL": "T-1", "RC.FR": "VAN-RP-006"},
                   "deck": DECK_A}, "B": {"vanguard": "VAN-KG-009", "deck": DECK_B}}
    game = lenient_game(tmp_path, {"T-1": source}, board, strict=True)
    game.apply("act RC.FL")
    snapshot = json.loads(json.dumps(game.to_json()))
    Game.from_json(game.engine, snapshot).apply("choose RC.FR")  # the real one loads
    resolving = next(i for i, f in enumerate(snapshot["state"]["stack"]) if f["k"] == "resolve")
    exploded = json.loads(json.dumps(snapshot))
    exploded["state"]["stack"][resolving]["dyn"][0] = [{"op": "explode"}]
    with pytest.raises(SnapshotError, match=rf"state.stack\[{resolving}\].dyn\[0\]: .*explode"):
        Game.from_json(game.engine, exploded)
    elsewhere = json.loads(json.dumps(snapshot))
    for frame in elsewhere["state"]["stack"]:
        if frame["k"] in ("block", "step") and frame["path"][0] == "#dyn":
            frame["path"][1] = 7
    with pytest.raises(SnapshotError, match="names a step list this resolution did not make"):
        Game.from_json(game.engine, elsewhere)


def test_a_zone_every_seat_has_missing_from_a_snapshot_is_refused(registry: Registry) -> None:
    """Found by a deep fuzz run: a seat without the gift plugin's zone played on until a card
    was sent there (a KeyError). Zones a plugin marks optional (no G deck, no G zone) may be
    missing; every other zone may not."""
    game = registry.new_game("v-standard", seed=3)
    snapshot = json.loads(json.dumps(game.to_json()))
    del snapshot["state"]["players"]["B"]["zones"]["gift_gone"]
    with pytest.raises(SnapshotError, match=r"state.players.B.zones: .*gift_gone"):
        Game.from_json(game.engine, snapshot)
    no_g_deck = registry.new_game("premium-g", decks=["TD01", "TD02"], seed=3)
    lean = json.loads(json.dumps(no_g_deck.to_json()))
    assert "g_zone" not in lean["state"]["players"]["A"]["zones"]
    Game.from_json(no_g_deck.engine, lean).apply(0)  # optional zones may be missing


@pytest.mark.parametrize("private", [7, {"A": 1}, "Z", ["A", 3], True])
def test_a_logged_event_readable_by_no_seat_is_refused(registry: Registry,
                                                       private: Any) -> None:
    """Found by the deep fuzz once it built views: a log entry whose `private` named no seat
    broke every view later (a TypeError)."""
    game = registry.new_game("premium", seed=5)
    snapshot = json.loads(json.dumps(game.to_json()))
    secret = next(e for e in snapshot["state"]["log"] if e.get("private"))
    secret["private"] = private
    with pytest.raises(SnapshotError, match=rf"state.log\[{secret['n']}\].private: .*names no"):
        Game.from_json(game.engine, snapshot)


def test_a_battle_missing_what_a_battle_records_is_refused(registry: Registry) -> None:
    """Found by the deep fuzz: a battle without its booster_circle played on until a view."""
    data = json.loads(snapshot_text("base-guard"))
    assert data["state"]["battle"] is not None
    del data["state"]["battle"]["booster_circle"]
    with pytest.raises(SnapshotError, match=r"state\.battle: missing booster_circle"):
        registry.load(json.dumps(data))


def snapshot_text(name: str = "base-guard") -> str:
    return (HERE / f"{name}.snapshot.json").read_text()


def with_state(key: str, value: str) -> str:
    """The guard snapshot's JSON text with one state value replaced by raw JSON text."""
    data = json.loads(snapshot_text())
    data["state"][key] = "@@"
    return json.dumps(data).replace('"@@"', value)


@pytest.mark.parametrize(("what", "text", "message"), [
    ("100 000 levels deep", with_state("flags", "[" * 100_000 + "]" * 100_000),
     "the snapshot is nested too deep"),
    ("50 levels deep", with_state("flags", '{"a":' * 50 + "1" + "}" * 50),
     "state.flags.a.a.a"),
    ("a 5,000-digit number", with_state("turn", "9" * 5000),
     "holds a number of thousands of digits"),
    ("NaN", with_state("turn", "NaN"), "state.turn: a number is nan"),
    ("100,000 cards", with_state("card_ids", json.dumps(["TD01-001"] * 100_000)),
     "state.card_ids: 100000 cards; a game holds at most 5000"),
    ("a list where the state belongs", '{"format": "premium", "state": [1]}',
     "its 'state' a mapping"),
    ("a null snapshot", "null", "not NoneType"),
])
def test_a_huge_or_deep_snapshot_is_refused_bounded(tmp_path: Path, what: str, text: str,
                                                    message: str) -> None:
    path = tmp_path / "hostile.snapshot.json"
    path.write_text(text)
    outcome = load_in_child(path)
    assert_bounded(outcome)
    said = said_for(outcome)["hostile"]
    assert said.startswith("SnapshotError: ") and message in said, f"{what}: {said}"


def test_a_snapshot_too_large_to_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hostile.snapshot.json"
    path.write_text(" " * (65 << 20) + "{}")
    said = said_for(load_in_child(path))["hostile"]
    assert "the snapshot is too large" in said


# -- replays through `vgcore replay --verify` -------------------------------------------------

REPLAY_REFUSALS = {
    "null-answer": "answers[3]: expected text, got NoneType",
    "object-answer": "answers[3]: expected text, got dict",
    "answers-an-object": "answers: expected a list, got dict",
    "seed-huge": "seed: a number larger than 64 bits",
    "seed-a-string": "seed: expected a whole number, got str",
    "deck-a-list": "decks.A: expected a deck (a mapping), got list",
    "decks-a-list": "decks: expected a mapping seat -> deck, got list",
    "deck-for-no-seat": "a deck for seat 'Z'; format 'premium' seats A, B",
    "first-player-no-seat": "first player 'Z' is not a seat",
    "unknown-key": "unknown key(s) cheat",
    "illegal-answer": "answer 4 ('ride TD99-999') is not legal here",
    "cut-short": "the answers stop after 40 before the game ended (it recorded A)",
    "no-hashes": "nothing to verify: the replay has 0 state hashes for 261 answers",
    "no-result": "nothing to verify: the replay records neither a result nor the state it "
                 "stopped in",
    "final-hash-wrong": "the state after the last answer differs: recorded 0123456789abcdef",
    "hash-not-hex": "hashes[7]: 'not a hash at all' is not a state hash",
    "truncated": "the replay is not JSON: line 1 column",
    "not-utf8": "not UTF-8 text (byte",
}


# The child runs `vgcore replay FILE --verify` for each file given, as the command line does
# (click's runner: exit code, stdout and stderr apart; an exception that escaped the command
# is printed as the traceback a user would see), and prints one JSON line per file.
VERIFY_EACH = """
import json, sys, traceback
from click.testing import CliRunner
from vgcore.cli import main
for name in sys.argv[1:]:
    result = CliRunner().invoke(main, ["replay", name, "--verify"])
    err = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        err += "".join(traceback.format_exception(*result.exc_info))
    print(json.dumps([name, result.exit_code, result.stdout, err]))
"""


def replay_verify(path: Path) -> Outcome:
    return run_bounded(["replay", str(path), "--verify"])


@pytest.fixture(scope="module")
def replay_outcomes() -> dict[str, Outcome]:
    """`vgcore replay --verify` of every tampered replay, in one bounded child (one
    interpreter start, not 18); each file's outcome with the child's peak memory. The
    command's own process is tested by the real replays below."""
    child = run_bounded([str(HERE / f"{name}.replay.json") for name in REPLAY_REFUSALS],
                        code=VERIFY_EACH)
    assert_bounded(child)
    outcomes = {}
    for line in child.out.splitlines():
        file, code, out, err = json.loads(line)
        outcomes[Path(file).name.split(".")[0]] = Outcome(code, out, err, child.peak_mib,
                                                          child.seconds)
    return outcomes


@pytest.mark.parametrize("name", sorted(REPLAY_REFUSALS))
def test_a_tampered_replay_is_refused_in_one_line(replay_outcomes: dict[str, Outcome],
                                                  name: str) -> None:
    outcome = replay_outcomes[name]
    assert_clean_refusal(outcome, REPLAY_REFUSALS[name])
    assert "verified" not in outcome.text
    assert outcome.err.count("\n") == 1, outcome.err  # one line


def test_the_real_replay_the_fixtures_come_from_verifies() -> None:
    outcome = replay_verify(HERE / "base.replay.json")
    assert outcome.code == 0, outcome.text
    assert "result: A (deck_out) after 261 answers (verified)" in outcome.out


def base_replay() -> dict[str, Any]:
    return json.loads((HERE / "base.replay.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("what", "text", "message"), [
    ("a 5,000-digit seed", json.dumps({**base_replay(), "seed": 7}).replace(
        '"seed": 7', '"seed": ' + "7" * 5000), "holds a number of thousands of digits"),
    ("100 000 levels deep", json.dumps({**base_replay(), "decks": "@@"}).replace(
        '"@@"', "[" * 100_000 + "]" * 100_000), "the replay is nested too deep"),
    ("a null replay", "null", "a replay is a mapping, not NoneType"),
])
def test_a_huge_or_deep_replay_is_refused_bounded(tmp_path: Path, what: str, text: str,
                                                  message: str) -> None:
    path = tmp_path / "hostile.replay.json"
    path.write_text(text)
    assert_clean_refusal(replay_verify(path), message)


def test_a_replay_too_large_to_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hostile.replay.json"
    path.write_text(" " * (17 << 20) + "{}")
    assert_clean_refusal(replay_verify(path), "too large for a replay")


def test_a_cut_short_replay_still_runs_without_verify() -> None:
    outcome = run_bounded(["replay", str(HERE / "cut-short.replay.json")])
    assert outcome.code == 0, outcome.text
    assert "result: None (None) after 40 answers" in outcome.out


# -- no false refusals; the fuzz -------------------------------------------------------------


@pytest.mark.parametrize("format_id", ["premium-g", "d-standard", "tag-premium"])
def test_every_real_snapshot_loads(registry: Registry, format_id: str) -> None:
    """No false refusal: at each decision of a real game (random answers), the snapshot, as
    a mapping and as JSON text, loads to the same state."""
    game = registry.new_game(format_id, seed=11)
    rnd = random.Random(11)
    for _ in range(80):
        if game.is_terminal:
            break
        snapshot = game.to_json()
        assert registry.load(json.dumps(snapshot)).state.state_hash() == game.state.state_hash()
        registry.load(snapshot)
        game.apply(rnd.choice(game.decision.options))


def test_mutated_real_snapshots_load_and_play_or_are_refused(registry: Registry) -> None:
    """A few hundred mutations of real mid-game snapshots (numbers changed, uids swapped, keys
    and list items deleted or duplicated, types changed, text truncated): each is refused
    with a SnapshotError or loads and plays on; nothing else is raised."""
    bases = [json.loads(snapshot_text(name)) for name in BASES]
    rnd = random.Random(20261201)
    outcomes = {"refused": 0, "played": 0}
    for i in range(600):
        what, mutated = mutate(bases[i % len(bases)], rnd)
        try:
            game = registry.load(mutated)
        except SnapshotError:
            outcomes["refused"] += 1
            continue
        except Exception as exc:  # the point: nothing but a SnapshotError
            pytest.fail(f"{what}: {type(exc).__name__}: {exc}")
        try:
            for _ in range(3):
                if game.is_terminal:
                    break
                game.apply(game.legal_actions()[0])
        except Exception as exc:  # a loaded snapshot plays on
            pytest.fail(f"{what}: loaded, then {type(exc).__name__}: {exc}")
        outcomes["played"] += 1
    assert outcomes["refused"] > 100 and outcomes["played"] > 50, outcomes
