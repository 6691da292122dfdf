"""Scenario files (SCENARIOS.md §3): load them, play their steps strictly, compare the result.

A scenario is a board, a list of steps (answers by seat, mid-way checks, option lists, refused
answers) and expectations. Loading checks the file's shape and remembers where each part sits,
so every error and failure names `file:line:column`. Running builds the game from the board
(vgcore.testing.board), plays the steps with no freedom — a decision that the next step does
not answer is a failure that names the decision and its legal answers — and stops at the first
thing that differs. The Python builder (vgcore.testing.builder) produces the same `Scenario`.

Defaults where the file is silent: `seed: 0`, and `start` is turn 1, the first seat (A; A1 at
a tag fight's table), the main phase (each of `turn`, `player`, `phase` may be given alone).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from vgcore import cardcache
from vgcore.carddb import CardDB, parse_card_records
from vgcore.cardfiles import card_dir_of, read_card_text
from vgcore.engine import Engine
from vgcore.errors import (
    CardDataError,
    FormatError,
    GameOverError,
    IllegalActionError,
    ScenarioError,
    VgError,
)
from vgcore.game import Game
from vgcore.plugins import Registry, default_registry
from vgcore.testing.board import BoardError, game_from_board, start_step
from vgcore.testing.expectations import (
    ScenarioFailure,
    compare,
    describe_decision,
    game_context,
)
from vgcore.types import Phase, Seat
from vgcore.yamlio import DocPath, LoadedYaml, Position, describe, parse_yaml_text

SCENARIO_SUFFIX: Final = ".scenario.yaml"
#: Bump when what the card cache keeps of a scenario file changes (see `load_scenarios`).
SCENARIO_CACHE_FORMAT: Final = 1
SCENARIO_KEYS: Final = ("name", "rule", "covers", "format", "seed", "cards", "start", "board",
                        "steps",
                        "expect")
START_KEYS: Final = ("turn", "player", "phase")
COVER: Final = re.compile(r"[^\s:]+:[1-9][0-9]*")
STEP_KINDS: Final = ("check", "options", "reject")


class ScenarioFileError(ScenarioError):
    """A scenario that is written wrong (not a game that went wrong); names file:line:column."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.message, self.file, self.line, self.column = message, file, line, column
        where = ""
        if file is not None:
            where = f"{file}:{line}:{column}: " if line is not None else f"{file}: "
        super().__init__(where + message)


@dataclass(frozen=True, slots=True)
class Start:
    """Where the game begins: the start of `phase` of `turn`, `player`'s turn."""

    turn: int = 1
    player: Seat | None = None  # the first seat (A, or A1 at a tag fight's table)
    phase: str = Phase.MAIN


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of `steps`: an answer by a seat, a `check`, an `options` list or a `reject`.

    `value` is the answer string, the expectation mapping or the list of answers; `seat` is
    the answering seat (answers and rejects). `path` locates the step in its scenario.
    """

    kind: str
    value: Any
    seat: Seat | None = None
    path: DocPath = ()


class MarksLater:
    """The marks of a scenario file read from the cache (see `load_scenarios`): where each
    scenario begins is kept; anything else is located by parsing the same text again, which
    only an error or a failure needs."""

    __slots__ = ("_loaded", "_starts", "file", "text")

    def __init__(self, text: str, file: str, starts: Mapping[tuple[Any, ...], Position]) -> None:
        self.text, self.file, self._starts = text, file, starts
        self._loaded: LoadedYaml | None = None

    def position(self, path: DocPath, *, key: bool = False) -> Position:
        """1-based (line, column) of the node at `path`, as `LoadedYaml.position` gives it."""
        start = None if key else self._starts.get(tuple(path))
        if start is not None:
            return start
        if self._loaded is None:
            self._loaded = parse_yaml_text(self.text, self.file)
        return self._loaded.position(path, key=key)


@dataclass(frozen=True, slots=True)
class Source:
    """The file a scenario came from, with the node marks that locate its parts."""

    file: str
    doc: LoadedYaml | MarksLater | None
    path: DocPath = ()

    def position(self, path: DocPath = (), *, key: bool = False) -> Position:
        """1-based (line, column) of a part of the scenario (`path` is relative to it)."""
        if self.doc is None:
            return None, None
        return self.doc.position([*self.path, *path], key=key)

    def where(self, path: DocPath = (), *, key: bool = False) -> str:
        """`file:line:column` of a part of the scenario, or just the file."""
        line, column = self.position(path, key=key)
        return f"{self.file}:{line}:{column}" if line is not None else self.file


@dataclass(frozen=True)
class Scenario:
    """A scenario as written: board, steps and expectations, plus where it came from."""

    name: str
    format: str
    board: Mapping[str, Any]
    steps: tuple[Step, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    start: Start = Start()
    seed: int = 0
    cards: tuple[Mapping[str, Any], ...] = ()
    rule: str | None = None
    source: Source | None = None
    covers: tuple[str, ...] = ()  # card abilities it tests, "<card id>:<n>" (coverage)

    def where(self, path: DocPath = (), *, key: bool = False) -> str | None:
        """`file:line:column` of a part of this scenario, or None for one built in Python."""
        return self.source.where(path, key=key) if self.source is not None else None

    def error(self, path: DocPath, message: str, *, key: bool = False) -> ScenarioFileError:
        """A located error about the part at `path` (built, not raised)."""
        if self.source is None:
            return ScenarioFileError(f"scenario {self.name!r}: {message}")
        line, column = self.source.position(path, key=key)
        return ScenarioFileError(message, self.source.file, line, column)


# -- loading --------------------------------------------------------------------------------


def load_scenarios(path: str | Path) -> list[Scenario]:
    """Every scenario of one file (a mapping or a list of mappings), checked for shape.

    A file that loaded before with the same path and text is not parsed again: its document
    and where each of its scenarios begins come from the card cache (vgcore.cardcache), and
    its shape is checked as for a parsed file. Collection, the scenario runner and `vgcore
    validate`'s coverage read every scenario file, in every process."""
    file = str(path)
    text = read_card_text(path, within=card_dir_of(path))
    key = cardcache.cache_key(text, file, kind=f"scenario-{SCENARIO_CACHE_FORMAT}")
    found, kept = cardcache.read_document(key)
    starts = _kept_starts(kept) if found else None
    doc: LoadedYaml | MarksLater
    if starts is not None:
        data = kept["data"]
        doc = MarksLater(text, file, starts)
    else:  # not kept, or an entry of another shape (damaged): parsed as without a cache
        doc = parse_yaml_text(text, file)
        data = doc.data
    scenarios = scenarios_of(data, Source(file, doc))
    if not found:
        starts = [[list(s.source.path), *doc.position(s.source.path)]
                  for s in scenarios if s.source is not None]
        cardcache.write_document(key, {"data": data, "starts": starts})
    return scenarios


def _kept_starts(kept: Any) -> dict[tuple[Any, ...], Position] | None:
    """Where each scenario begins, from a cache entry; None if the entry is not one."""
    if not isinstance(kept, dict) or "data" not in kept:
        return None
    try:
        return {tuple(where): (int(line), int(column)) for where, line, column in kept["starts"]}
    except (TypeError, ValueError, KeyError):
        return None


def scenarios_of(data: Any, source: Source) -> list[Scenario]:
    """The scenarios of one file's document, checked for shape; `source` is the file's."""
    file, doc = source.file, source.doc
    if isinstance(data, Mapping):
        items: list[tuple[Any, DocPath]] = [(data, ())]
    elif isinstance(data, list) and data:
        items = [(item, (i,)) for i, item in enumerate(data)]
    else:
        raise located(source, (), "a scenario file holds one scenario (a mapping) or a "
                      f"non-empty list of them, not {describe(data)}")
    scenarios: list[Scenario] = []
    seen: dict[str, int] = {}
    for item, where in items:
        scenario = scenario_from_mapping(item, source=Source(file, doc, where))
        if scenario.name in seen:
            raise located(source, (*where, "name"), f"scenario name {scenario.name!r} is used "
                          f"twice in this file (first by scenario {seen[scenario.name] + 1})")
        seen[scenario.name] = len(scenarios)
        scenarios.append(scenario)
    return scenarios


def scenario_from_mapping(data: Any, *, source: Source | None = None) -> Scenario:
    """Check one scenario's shape and build it; `source` locates errors in its file."""
    src = source or Source("<python scenario>", None)
    if not isinstance(data, Mapping):
        raise located(src, (), f"a scenario is a mapping of {', '.join(SCENARIO_KEYS)}, "
                      f"not {describe(data)}")
    for key in data:
        if key not in SCENARIO_KEYS:
            raise located(src, (key,), unknown(key, SCENARIO_KEYS, "scenario key"), key=True)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise located(src, ("name",) if "name" in data else (),
                      "every scenario needs a `name` (a non-empty string)")
    fmt = data.get("format")
    if not isinstance(fmt, str) or not fmt:
        raise located(src, ("format",) if "format" in data else (),
                      f"scenario {name!r} needs a `format` (an installed format id)")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise located(src, ("seed",), f"seed must be a whole number, not {describe(seed)}")
    rule = data.get("rule")
    cards = data.get("cards") or []
    if not isinstance(cards, list):
        raise located(src, ("cards",), "cards must be a list of card records")
    board = data.get("board") or {}
    if not isinstance(board, Mapping):
        raise located(src, ("board",), "board must map seats (A, B) to their zones")
    expect = data.get("expect") or {}
    if not isinstance(expect, Mapping):
        raise located(src, ("expect",), "expect must map expectation keys to values")
    covers = data.get("covers") or []
    if not isinstance(covers, list) or not all(
            isinstance(c, str) and COVER.fullmatch(c) for c in covers):
        raise located(src, ("covers",), "covers lists card abilities as '<card id>:<n>', "
                      f'e.g. ["TD01-005:1"] (quoted in YAML), not {describe(covers)}')
    return Scenario(
        name=name, format=fmt, board=board, steps=parse_steps(data.get("steps"), src),
        expect=expect, start=parse_start(data.get("start"), src), seed=seed,
        cards=tuple(cards), rule=None if rule is None else str(rule), source=source,
        covers=tuple(covers),
    )


def parse_start(data: Any, src: Source) -> Start:
    if data is None:
        return Start()
    if not isinstance(data, Mapping):
        raise located(src, ("start",), "start is a mapping {turn, player, phase}")
    for key in data:
        if key not in START_KEYS:
            raise located(src, ("start", key), unknown(key, START_KEYS, "start key"), key=True)
    default = Start()
    return Start(data.get("turn", default.turn), data.get("player", default.player),
                 data.get("phase", default.phase))


def parse_steps(data: Any, src: Source, base: DocPath = ("steps",)) -> tuple[Step, ...]:
    """Steps as written: `{<seat>: answer}`, `check: {...}`, `options: [...]`, `reject: {...}`."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise located(src, base, "steps must be a list")
    return tuple(parse_step(item, src, (*base, i)) for i, item in enumerate(data))


def parse_step(item: Any, src: Source, path: DocPath) -> Step:
    if not isinstance(item, Mapping) or len(item) != 1:
        raise located(src, path, "a step is one of {<seat>: <answer>}, {check: {...}}, "
                      f"{{options: [...]}}, {{reject: {{<seat>: <answer>}}}}; got {describe(item)}")
    ((key, value),) = item.items()
    here = (*path, key)
    if key == "check":
        if not isinstance(value, Mapping):
            raise located(src, here, "check must map expectation keys to values")
        return Step("check", value, path=here)
    if key == "options":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise located(src, here, "options must be a list of action strings")
        return Step("options", value, path=here)
    if key == "reject":
        if not isinstance(value, Mapping) or len(value) != 1:
            raise located(src, here, "reject names one seat and the answer it must not give, "
                          "e.g. {A: attack RC.FL -> B.VC}")
        ((seat, answer),) = value.items()
        return Step("reject", answer_text(answer, src, (*here, seat)), str(seat),
                    path=(*here, seat))
    return Step("answer", answer_text(value, src, here), str(key), path=here)


def answer_text(value: Any, src: Source, path: DocPath) -> str:
    # Numbers are refused: Game.apply reads an int as an option index, never written in files.
    if not isinstance(value, str) or not value.strip():
        raise located(src, path, f"an answer is an action string, not {describe(value)}")
    return value


# -- running --------------------------------------------------------------------------------


def run_scenario(scenario: Scenario, registry: Registry | None = None) -> Game:
    """Build, play and check one scenario; the finished game, or ScenarioError/-Failure."""
    game = build_game(scenario, registry)
    play(game, scenario.steps, scenario)
    if scenario.expect:
        check_block(game, scenario, scenario.expect, ("expect",), "expect")
    return game


def build_game(scenario: Scenario, registry: Registry | None = None) -> Game:
    """The scenario's board as a game at its start, before any step is played."""
    engine = engine_for(scenario, registry or default_registry())
    start = scenario.start
    player = start.player or engine.seat_layout.seats[0]
    try:
        start_step(engine, turn=start.turn, player=player, phase=start.phase)
    except BoardError as exc:
        raise scenario.error(("start",), exc.message) from None
    try:
        return game_from_board(engine, scenario.board, turn=start.turn, player=player,
                               phase=start.phase, seed=scenario.seed)
    except BoardError as exc:
        raise scenario.error(("board", *exc.path), exc.message) from None


def engine_for(scenario: Scenario, registry: Registry) -> Engine:
    """The format's engine, over a card pool extended by the scenario's `cards:` if any."""
    try:
        base = registry.engine(scenario.format)
    except FormatError as exc:
        raise scenario.error(("format",), exc.message) from None
    if not scenario.cards:
        return base
    fields, kinds = registry.card_fields, registry.card_kinds
    file = scenario.source.file if scenario.source else f"<scenario {scenario.name!r}>"
    doc_path = [*scenario.source.path, "cards"] if scenario.source else ["cards"]
    try:
        records = parse_card_records([dict(c) for c in scenario.cards], file, extra_fields=fields,
                                     extra_kinds=kinds, set_id="scenario", doc_path=doc_path)
    except CardDataError as exc:
        if scenario.source is None:
            raise ScenarioFileError(f"scenario {scenario.name!r}: {exc.message}") from None
        raise
    for i, record in enumerate(records):
        if record.id in base.db:
            first = base.db[record.id]
            raise scenario.error(("cards", i, "id"), f"card id {record.id!r} is already defined "
                                 f"by set {first.set!r} ({first.source}); give test cards "
                                 "ids of their own")
    db = CardDB(base.db.values())
    db.add(records)
    return base.derived(db=db)


def play(game: Game, steps: Iterable[Step | Mapping[str, Any]],
         scenario: Scenario | None = None) -> None:
    """Play steps strictly on a game; raise ScenarioFailure at the first one that fails.

    Steps may be `Step`s or mappings written as in a file (`{"A": "attack VC -> B.VC"}`).
    """
    src = Source("<python steps>", None)
    for number, raw in enumerate(steps, 1):
        step = raw if isinstance(raw, Step) else parse_step(raw, src, ())
        name = f"step {number}"
        if step.kind == "answer":
            answer(game, step, Place(scenario, name, step.path), scenario)
        elif step.kind == "reject":
            reject(game, step, Place(scenario, name, step.path), scenario)
        elif step.kind == "check":
            check_block(game, scenario, step.value, step.path, name)
        else:
            check_block(game, scenario, {"options": step.value}, step.path, name,
                        options_step=True)


def answer(game: Game, step: Step, label: str | Place,
           scenario: Scenario | None = None) -> None:
    """Give a listed answer; it must be for the seat being asked and legal."""
    seat, text = step.seat, step.value
    check_seat(game, step, scenario)
    d = game.decision
    if d is None:
        raise ScenarioFailure(f"{label}: {seat} should answer {text!r}, but "
                              f"{describe_decision(game)}", game_context(game))
    if d.seat != seat:
        raise ScenarioFailure(f"{label}: {d.seat} is asked {d.kind!r} with no answer listed "
                              f"(the next step answers for {seat}: {text!r}); legal answers: "
                              + ", ".join(d.option_strings()), game_context(game))
    try:
        game.apply(text, seat=seat)
    except IllegalActionError as exc:
        why = str(exc).partition("; legal answers")[0].removeprefix("illegal answer ")
        raise ScenarioFailure(f"{label}: {seat}'s answer to {d.kind!r} is not legal: {why}; "
                              "legal answers: " + ", ".join(exc.legal),
                              game_context(game)) from None


def reject(game: Game, step: Step, label: str | Place,
           scenario: Scenario | None = None) -> None:
    """The answer must be refused by the pending decision of that seat, the state unchanged.

    Only the seat being asked may be named: a reject aimed at a seat that is not asked would
    pass without testing anything, which is never what a scenario means.
    """
    seat, text = step.seat, step.value
    check_seat(game, step, scenario)
    d = game.decision
    if d is None or d.seat != seat:
        raise ScenarioFailure(f"{label}: reject tests an answer to {seat}'s pending decision, "
                              f"but {describe_decision(game)}", game_context(game))
    before = game.state.state_hash()
    try:
        game.apply(text, seat=seat)
    except (IllegalActionError, GameOverError):
        if game.state.state_hash() != before:
            raise ScenarioFailure(f"{label}: {text!r} was refused but the game changed "
                                  "(an engine bug: a refused answer must change nothing)",
                                  game_context(game)) from None
        return
    raise ScenarioFailure(f"{label}: {seat}'s answer {text!r} to {d.kind!r} was accepted; "
                          "it should have been refused; legal answers were: "
                          + ", ".join(d.option_strings()), game_context(game))


def check_block(game: Game, scenario: Scenario | None, block: Mapping[str, Any],
                path: DocPath, name: str, *, options_step: bool = False) -> None:
    """Compare one `expect`/`check` block; the first mismatch fails, located at its key.

    Every key is read, so a misspelt key is an error even after a mismatch; the failure
    lists the other mismatches of the block as details.
    """
    found = []
    for key, expected in block.items():
        key_path = path if options_step else (*path, key)
        try:
            mismatch = compare(game, str(key), expected)
        except ScenarioError as exc:
            raise scenario_error(scenario, key_path, str(exc), key=True) from None
        if mismatch is not None:
            found.append((mismatch, key_path))
    if found:
        first, key_path = found[0]
        raise ScenarioFailure(f"{place(scenario, name, key_path, key=True)}: {first}",
                              [*(str(m) for m, _p in found[1:]), *game_context(game)])


def check_seat(game: Game, step: Step, scenario: Scenario | None) -> None:
    if step.seat not in game.state.seats:
        raise scenario_error(scenario, step.path, f"unknown step {step.seat!r}: a step is "
                             f"{{<seat>: <answer>}} with seat {', '.join(game.state.seats)}, "
                             "or check, options, reject", key=True)


def place(scenario: Scenario | None, name: str, path: DocPath, *, key: bool = False) -> str:
    """"step 3 (file:line:column)", or just the name when there is no file."""
    where = scenario.where(path, key=key) if scenario is not None else None
    return f"{name} ({where})" if where else name


@dataclass(frozen=True, slots=True)
class Place:
    """A step's `place`, worked out only when a message prints it: locating a step of a file
    that came from the card cache parses the file again, which a passing step never needs."""

    scenario: Scenario | None
    name: str
    path: DocPath

    def __str__(self) -> str:
        return place(self.scenario, self.name, self.path)


# -- many scenarios at once -------------------------------------------------------------


def run_files(paths: Sequence[str | Path], registry: Registry | None = None) -> int:
    """Run scenario files; print `PASS name` / `FAIL name: first mismatch` per scenario,
    then the summary line `N passed, M failed`.

    Returns the exit code: 0 when every scenario passed, 1 otherwise. A file that cannot be
    loaded prints one FAIL line naming the file (and counts as one failure). Engine crashes
    are reported, not raised, so one broken scenario does not hide the others.
    """
    registry = registry or default_registry()
    passed = failed = 0
    for path in paths:
        try:
            scenarios = load_scenarios(path)
        except VgError as exc:
            print(f"FAIL {path}: {exc}")
            failed += 1
            continue
        for scenario in scenarios:
            problem = run_quietly(scenario, registry)
            if problem is None:
                print(f"PASS {scenario.name}")
                passed += 1
            else:
                print(f"FAIL {scenario.name}: {problem}")
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def run_quietly(scenario: Scenario, registry: Registry) -> str | None:
    """None when the scenario passes, else one line saying why it did not."""
    try:
        run_scenario(scenario, registry)
    except ScenarioFailure as exc:
        return exc.message
    except VgError as exc:
        return str(exc).splitlines()[0]
    except Exception as exc:  # an engine crash: report it with the scenario, keep going
        return f"crashed: {type(exc).__name__}: {exc}"
    return None


# -- errors -----------------------------------------------------------------------------


def scenario_error(scenario: Scenario | None, path: DocPath, message: str, *,
                   key: bool = False) -> ScenarioError:
    if scenario is None:
        return ScenarioError(message)
    return scenario.error(path, message, key=key)


def located(src: Source, path: DocPath, message: str, *, key: bool = False) -> ScenarioFileError:
    if src.doc is None:
        return ScenarioFileError(message)
    line, column = src.position(path, key=key)
    return ScenarioFileError(message, src.file, line, column)


def unknown(key: Any, allowed: Sequence[str], what: str) -> str:
    close = difflib.get_close_matches(str(key), allowed, n=1)
    hint = f"did you mean {close[0]!r}?" if close else "allowed: " + ", ".join(allowed)
    return f"unknown {what} {key!r}; {hint}"
