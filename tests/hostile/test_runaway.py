"""Runaway games (issue "hostile content, bounded"; vgcore/limits.py, docs/architecture.md
"The procedure"): abilities that trigger each other for ever, resolutions that fan out or never
end, card scripts that spend CPU a little at a time or grow memory around the Lua cap, and a
log grown by endless free answers. Each is met by an engine limit (a format's `limits:`) that
ends the game as a draw naming the reason and the cards — never a traceback, never an
exception out of `apply()`, never minutes of CPU or gigabytes of memory.

The fixtures under `runaway/` are card sets of our own: vanilla Royal Paladin cards whose
scripts are hostile, each deck in `decks/` carrying one kind of runaway.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.harness import assert_bounded, run_bounded
from vgcore import Game, Registry, Replay
from vgcore.errors import BudgetExhausted, FormatError, ScriptError
from vgcore.formats import GameLimits, load_formats, standard_format_files
from vgcore.limits import (
    DECISION_LIMIT,
    LIMIT_REASONS,
    LOG_LIMIT,
    PENDING_LIMIT,
    RESOLUTION_LIMIT,
    SCRIPT_LIMIT,
    STEP_LIMIT,
)
from vgcore.narration import tell
from vgcore.screen import Table
from vgcore.scripting.sandbox import LuaSandbox
from vgcore.testing.board import game_from_board
from vgcore.views import redact

pytestmark = pytest.mark.hostile

HERE = Path(__file__).parent / "runaway"
LOOPS, CPU, MEMORY, FREEACT = (HERE / name for name in ("loops", "cpu", "memory", "freeact"))
KAGERO = "vanilla-premium-kagero"
# RP vanilla cards for the boards (a grade 3 vanguard, a deck to draw from).
RP_DECK = ["VAN-RP-002", "VAN-RP-003", "VAN-RP-006", "VAN-RP-007"] * 10
KG_DECK = ["VAN-KG-002", "VAN-KG-003", "VAN-KG-006"] * 10


def limited(tmp_path: Path, *card_dirs: Path, **limits: int) -> Registry:
    """A strict registry with the hostile sets and format `short`: premium with `limits`."""
    (tmp_path / "formats").mkdir(exist_ok=True)
    lines = "".join(f"  {key}: {value}\n" for key, value in limits.items())
    (tmp_path / "formats" / "short.yaml").write_text(
        f"id: short\nextends: premium\nlimits:\n{lines}" if lines else
        "id: short\nextends: premium\n", encoding="utf-8")
    return Registry(card_dirs=[*card_dirs, tmp_path], strict=True)


def board(registry: Registry, rear: dict[str, str], *, fmt: str = "short",
          phase: str = "battle", hand: list[str] | None = None) -> Game:
    """A's turn 3 with `rear` on A's rear-guard circles (SCENARIOS.md §3 boards)."""
    return game_from_board(registry.engine(fmt), {
        "A": {"vanguard": "VAN-RP-009", "rear": rear, "hand": hand or [], "deck": RP_DECK},
        "B": {"vanguard": "VAN-KG-009", "deck": KG_DECK},
    }, turn=3, phase=phase)


def game_over(game: Game) -> dict:
    over = game.state.log[-1]
    assert over["kind"] == "game_over", over
    return over


def simulate(card_dir: Path, deck: str, tmp_path: Path, *extra: str):
    """`vgcore simulate` of one game of `deck` against the vanilla Kagero deck, in a bounded
    subprocess; the outcome and the game's replay."""
    save = tmp_path / "replays"
    outcome = run_bounded(["simulate", "--cards", str(card_dir), "--decks", deck, KAGERO,
                           "--games", "1", "--seed", "0", "--json", "--save", str(save),
                           *extra])
    replays = sorted(save.glob("*.replay.json"))
    return outcome, (Replay.load(replays[0]) if replays else None)


# --- loops of abilities: the rule, in-process -----------------------------------------------

def test_two_abilities_undoing_each_other_end_as_a_draw_naming_both(tmp_path: Path) -> None:
    """A stands what B rests, B rests what A stands: the vanguard's attack starts a loop that
    `resolutions_per_turn` breaks; the draw's event names both cards."""
    registry = limited(tmp_path, LOOPS, resolutions_per_turn=60)
    game = board(registry, {"RC.FL": "RW-001", "RC.BL": "RW-002"})
    game.apply("attack VC -> B.VC")  # never raises: the loop ends inside apply()
    over = game_over(game)
    assert (game.result, game.result_reason) == ("draw", RESOLUTION_LIMIT)
    assert (over["limit"], over["cards"], over["losers"]) == (60, ["RW-001", "RW-002"], {})
    assert sum(e["kind"] == "ability" for e in game.state.log) == 60
    assert game.returns() == [0.0, 0.0]
    assert game.view("B")["result_reason"] == RESOLUTION_LIMIT
    told = tell(redact(over, "A"), Table.for_game(game, "A"))
    assert told == ("***** game over: a draw by the engine's resolution limit (60): "
                    "Mirror Squire, Echo Squire")


def test_the_cut_off_is_the_same_in_every_copy_of_the_game(tmp_path: Path) -> None:
    """Determinism: the same game twice, a clone and a JSON restore all stop at the same
    event with the same state."""
    registry = limited(tmp_path, LOOPS, resolutions_per_turn=40)
    games = [board(registry, {"RC.FL": "RW-001", "RC.BL": "RW-002"}) for _ in range(2)]
    games += [games[0].clone(), registry.load(json.loads(json.dumps(games[0].to_json())))]
    for game in games:
        game.apply("attack VC -> B.VC")
    assert len({len(g.state.log) for g in games}) == 1
    assert len({g.state.state_hash() for g in games}) == 1


def test_a_may_loop_ends_though_every_answer_is_yes(tmp_path: Path) -> None:
    """Each step of the loop asks "may": the players' answers keep it going, the resolution
    limit (or, if lower, the answers' limit) stops it."""
    registry = limited(tmp_path, LOOPS, resolutions_per_turn=30)
    game = board(registry, {"RC.FL": "RW-003"})
    game.apply("attack RC.FL -> B.VC")
    answers = 0
    while not game.is_terminal:
        d = game.decision
        assert d is not None
        game.apply("yes" if "yes" in d.options else d.options[0])
        answers += 1
        assert answers < 200
    assert (game.result_reason, game_over(game)["cards"]) == (RESOLUTION_LIMIT, ["RW-003"])
    registry = limited(tmp_path, LOOPS, decisions_per_turn=20)
    game = board(registry, {"RC.FL": "RW-003"})
    game.apply("attack RC.FL -> B.VC")
    while not game.is_terminal:
        game.apply("yes" if "yes" in game.decision.options else game.decision.options[0])
    assert game.result_reason == DECISION_LIMIT


def test_an_effect_that_triggers_itself_meets_the_resolution_limit(tmp_path: Path) -> None:
    registry = limited(tmp_path, LOOPS)
    game = board(registry, {}, phase="main", hand=["RW-004"])
    game.apply("call RW-004 RC.FL")
    assert (game.result_reason, game_over(game)["cards"]) == (RESOLUTION_LIMIT, ["RW-004"])
    assert game_over(game)["limit"] == GameLimits().resolutions_per_turn


def test_a_fan_out_of_pending_abilities_meets_the_pending_limit(tmp_path: Path) -> None:
    """Each resolution leaves two more abilities pending than it resolved."""
    registry = limited(tmp_path, LOOPS, pending_abilities=25)
    game = board(registry, {}, phase="main", hand=["RW-005"])
    game.apply("call RW-005 RC.FL")
    over = game_over(game)
    assert (game.result_reason, over["limit"], over["cards"]) == (PENDING_LIMIT, 25, ["RW-005"])
    assert len(game.state.pending) == 26
    assert sum(e["kind"] == "ability" for e in game.state.log) < 25


def test_nested_for_each_meets_the_step_limit_not_a_runtime_error(tmp_path: Path) -> None:
    """40^3 steps inside one resolution: the step limit ends it (it used to raise a
    RuntimeError after 100,000 steps), naming the resolving card."""
    registry = limited(tmp_path, LOOPS, steps_per_decision=3000)
    game = board(registry, {}, phase="main", hand=["RW-006"])
    game.apply("call RW-006 RC.FL")
    over = game_over(game)
    assert (game.result_reason, over["limit"], over["cards"]) == (STEP_LIMIT, 3000, ["RW-006"])


# --- CPU and memory spent by card scripts, in-process ----------------------------------------

def test_the_script_budget_counts_every_call_of_a_decision(tmp_path: Path) -> None:
    """Each call stays under the per-call limit; together they exceed the decision's budget.
    Counted in Lua instructions, so the game stops at the same event every time."""
    registry = limited(tmp_path, CPU, script_instructions_per_decision=7_000_000)
    ends = []
    for _ in range(2):
        game = board(registry, {}, hand=["RW-101"] * 4)  # the phase event: 4 calls, 6 M
        assert not game.is_terminal
        game.apply("attack VC -> B.VC")  # rest and attack: 8 calls, 12 M
        over = game_over(game)
        assert (game.result_reason, over["limit"], over["cards"]) == (
            SCRIPT_LIMIT, 7_000_000, ["RW-101"])
        ends.append((len(game.state.log), game.state.state_hash()))
    assert ends[0] == ends[1]


def test_reading_a_game_past_the_budget_fails_softly(tmp_path: Path) -> None:
    """Reads between two answers (a view, an agent's look at powers) share one budget: past
    it an expensive CONT is left out of what they see, nothing raises and nothing is logged
    (how often a game is read never changes it), and nothing worked out past it is kept for
    the procedure to find. The next answer starts the procedure with a whole budget of its
    own."""
    limited(tmp_path, CPU, script_instructions_per_decision=3_500_000)
    registry = Registry(card_dirs=[CPU, tmp_path])  # not strict: a host's engine
    units = dict.fromkeys(("RC.FL", "RC.FR", "RC.BL", "RC.BC", "RC.BR"), "RW-102")
    game = board(registry, units, phase="main")
    rear = [uid for _circle, uid in game.rear_guards("A")]
    circles = game.view("A")["players"]["A"]["circles"]
    shown = [circles[c]["power"] for c in ("RC.FL", "RC.FR", "RC.BL", "RC.BC", "RC.BR")]
    assert shown[0] == 8000 and shown[-1] == 7000  # the budget ran out during the view
    seen = [game.power(uid) for uid in rear]
    assert seen == [7000] * len(rear)  # spent: the half-worked-out values were not kept
    assert game.decision is not None and not game.is_terminal
    assert game.script_left <= 0
    for _ in range(50):  # a client reading again and again: nothing kept, nothing logged
        game.view("A")
    assert game.script_warnings == []
    log = len(game.state.log)
    game.apply("battle")
    assert game.script_left == 3_500_000 or game.is_terminal
    assert not [e for e in game.state.log[log:] if e["kind"] == "script_error"]


def test_a_shared_long_string_cannot_become_gigabytes() -> None:
    """Lua shares one string between all the tables that hold it; the conversion to Python
    caps strings one by one and in total instead of copying each reference."""
    sandbox = LuaSandbox()
    shared = sandbox.load_script(
        "local s = string.rep('x', 2^20) local t = {} for i = 1, 4000 do t[i] = s end "
        "return t", "=shared")
    with pytest.raises(ScriptError, match="cannot hand back a string of 1048576 bytes"):
        sandbox.to_python(shared)
    many = sandbox.load_script(
        "local s = string.rep('x', 60000) local t = {} for i = 1, 4000 do t[i] = s end "
        "return function() return t end", "=many")
    with pytest.raises(ScriptError, match="result too large to convert"):
        sandbox.call(many)
    small = sandbox.load_script("return function() return {'a', 'b'} end", "=small")
    assert sandbox.call(small) == ["a", "b"]


def test_a_caller_budget_below_the_per_call_limit_is_its_own_error() -> None:
    sandbox = LuaSandbox(instruction_limit=2_000_000)
    spin = sandbox.load_script("return function() local x = 0 for i = 1, 1e7 do x = x + 1 end "
                               "end", "=spin")
    with pytest.raises(BudgetExhausted, match="script budget exhausted"):
        sandbox.call(spin, budget=100_000)
    assert 100_000 <= sandbox.last_used < 200_000
    with pytest.raises(ScriptError, match="instruction limit exceeded") as info:
        sandbox.call(spin, budget=10_000_000)
    assert not isinstance(info.value, BudgetExhausted)
    assert sandbox.last_used > 2_000_000
    quick = sandbox.load_script("return function() return 1 end", "=quick")
    assert sandbox.call(quick, budget=1_000) == 1
    assert sandbox.last_used < 1_000


# --- the log: endless free answers ------------------------------------------------------------

def always_act(game: Game) -> str:
    options = game.decision.options
    return str(next((a for a in options if a.verb == "act"), options[0]))


def test_endless_free_acts_meet_the_log_limit(tmp_path: Path) -> None:
    """A free ACT offered again after every use: the answers' limit ends one turn, the log's
    bound ends the whole game before a snapshot grows without end; the views stay right."""
    registry = limited(tmp_path, FREEACT, log_events=400)
    game = board(registry, {"RC.FL": "RW-301"}, phase="main")
    seen = game.view("A")["next_event"]
    answers = 0
    while not game.is_terminal:
        game.apply(always_act(game))
        answers += 1
        part = game.view("B", since=seen)
        assert [e["n"] for e in part["log"]] == list(range(seen, part["next_event"]))
        seen = part["next_event"]
    over = game_over(game)
    assert (game.result_reason, over["limit"]) == (LOG_LIMIT, 400)
    assert len(game.state.log) == 401  # the limit, then the game_over event
    assert answers < 200
    assert len(json.dumps(game.to_json())) < 200_000


def test_normal_games_never_meet_a_runaway_limit(registry: Registry) -> None:
    """The defaults are far above real games (measured: at most ~50 steps per decision, 7
    resolutions per turn, 2 pending, 12,500 Lua instructions per decision, 2,800 events)."""
    from vgcore.agents import GreedyAgent

    for format_id in ("premium", "d-standard", "tag-v-standard"):
        game = registry.new_game(format_id, seed=1)
        agents = {s: GreedyAgent(i) for i, s in enumerate(game.state.seats)}
        while not game.is_terminal:
            game.apply(agents[game.decision.seat].choose(game, game.decision.options))
        assert game.result_reason not in LIMIT_REASONS, format_id


# --- the limits are format parameters, validated ----------------------------------------------

@pytest.mark.parametrize("key", ["steps_per_decision", "resolutions_per_turn",
                                 "pending_abilities", "script_instructions_per_decision",
                                 "log_events"])
@pytest.mark.parametrize("value", ["0", "-3", "lots", "null"])
def test_a_runaway_limit_cannot_be_switched_off(tmp_path: Path, key: str, value: str) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(f"id: mine\nextends: premium\nlimits: {{{key}: {value}}}\n", "utf-8")
    with pytest.raises(FormatError, match=f"limits.{key}") as info:
        load_formats([*standard_format_files(), path])
    assert "mine.yaml" in str(info.value)


def test_a_derived_format_lowers_one_and_inherits_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("id: mine\nextends: premium\nlimits: {pending_abilities: 7}\n", "utf-8")
    mine = load_formats([*standard_format_files(), path])["mine"]
    assert mine.limits == GameLimits(pending_abilities=7)
    for fmt in load_formats(standard_format_files()).values():
        assert fmt.limits == GameLimits()


# --- through the command line, bounded --------------------------------------------------------

RUNAWAY_DECKS: list[tuple[Path, str, str, str]] = [
    (LOOPS, "runaway-swell", RESOLUTION_LIMIT, "RW-004"),
    (LOOPS, "runaway-hydra", PENDING_LIMIT, "RW-005"),
    (LOOPS, "runaway-nested", STEP_LIMIT, "RW-006"),
    (CPU, "runaway-brooding", SCRIPT_LIMIT, "RW-101"),
]


@pytest.mark.parametrize(("card_dir", "deck", "reason", "card"), RUNAWAY_DECKS,
                         ids=[d[1] for d in RUNAWAY_DECKS])
def test_simulate_ends_a_runaway_game_by_the_rule(tmp_path: Path, card_dir: Path, deck: str,
                                                  reason: str, card: str) -> None:
    outcome, replay = simulate(card_dir, deck, tmp_path)
    assert_bounded(outcome, peak_mib=300)
    assert outcome.code == 0, outcome.text
    summary = json.loads(outcome.out)
    assert (summary["wins"]["draw"], summary["limits"]) == (1, {reason: 1})
    assert replay is not None and (replay.result, replay.result_reason) == ("draw", reason)
    game = replay.run(Registry(card_dirs=[card_dir]), verify=True)
    assert card in game_over(game)["cards"]


def test_simulate_bounds_memory_built_around_the_lua_cap(tmp_path: Path) -> None:
    """One 1 MiB string referenced by 4000 steps (and a filter returning one 60 kB string
    2000 times): 4 GiB as Python strings. Refused as script errors; the games go on."""
    outcome, replay = simulate(MEMORY, "runaway-hoarding", tmp_path)
    assert_bounded(outcome, peak_mib=300)
    assert outcome.code == 1  # card scripts failed: reported, not crashed
    assert "RW-201" in outcome.err and "cannot hand back a string of 1048576 bytes" in outcome.err
    assert replay is not None and replay.result_reason not in LIMIT_REASONS


def test_validate_reports_an_ability_that_never_ends() -> None:
    """The smoke check runs every ability once: one whose run meets a runaway limit is a
    problem of its card, with the limit and the cards named, found before any match."""
    outcome = run_bounded(["validate", "--cards", str(LOOPS)])
    assert_bounded(outcome, peak_mib=300)
    assert outcome.code == 1
    assert ("RW-004 ability 2 (premium): RW-004 " in outcome.text
            and "the game ended as a draw by the engine's resolution_limit (1000; cards RW-004)"
            in outcome.text)
    assert "RW-005 ability 2 (premium)" in outcome.text and "pending_limit" in outcome.text


def test_simulate_says_which_limit_ended_its_draws() -> None:
    outcome = run_bounded(["simulate", "--cards", str(LOOPS), "--decks", "runaway-nested",
                           KAGERO, "--games", "1", "--seed", "0"])
    assert_bounded(outcome, peak_mib=300)
    assert outcome.code == 0, outcome.text
    assert "draws by the engine's limits (docs/architecture.md): step_limit 1" in outcome.out
