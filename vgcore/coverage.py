"""Card coverage: which abilities of the installed cards the scenario files test.

A scenario says what it tests with `covers: ["<card id>:<n>", …]` (SCENARIOS.md §3, `n` counting
the card's abilities from 1). Coverage joins those keys with the cards: for every card with
skills, its abilities (from its script) and the scenarios that cover each. Abilities the script
gives with `grant_ability` are numbered after the printed ones in the order the script declares
them, as they are on a unit that gives them to itself (docs/lua-api.md §1). Scenario files are
looked for in each card set directory's `scenarios/` folder and in any extra paths given.
A card with an ability text but no script is unimplemented and never covered, unless its
`implemented_by` field names who carries the text out (a plugin's pseudo-card, like the gifts
plugin's quick shield ticket): then the text is one ability, of kind `text`, to cover.
`vgcore cards --coverage` prints the table; `vgcore validate` warns about every card with skills
that no scenario covers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from vgcore.carddb import CardRecord
from vgcore.errors import ScriptError, VgError
from vgcore.plugins import Registry
from vgcore.scripting.declarations import Ability
from vgcore.testing.scenario import SCENARIO_SUFFIX, load_scenarios

SCENARIOS_DIR: Final = "scenarios"
"""The folder of a card set directory that holds the set's scenario files."""


@dataclass(frozen=True, slots=True)
class ScenarioRef:
    """One scenario of a file, as coverage names it: `file: name`."""

    file: Path
    name: str

    def __str__(self) -> str:
        return f"{self.file}: {self.name}"


@dataclass(frozen=True, slots=True)
class CoverageProblem:
    """A scenario file that cannot be read, or a `covers` key naming no such card or ability."""

    file: Path
    message: str
    card_id: str | None = None  # the card a covers key names

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


@dataclass(frozen=True, slots=True)
class AbilityCoverage:
    """One ability of a card: its number (from 1), its kind and the scenarios that cover it."""

    number: int
    kind: str | None           # auto | act | cont; None when the script does not declare it
    scenarios: tuple[ScenarioRef, ...] = ()
    granted: bool = False      # declared inside a `grant_ability` step, not printed

    @property
    def label(self) -> str:
        kind = self.kind or "?"
        return f"{self.number} granted {kind}" if self.granted else f"{self.number} {kind}"


@dataclass(frozen=True)
class CardCoverage:
    """A card, whether it is scripted, and the scenarios per ability.

    `abilities` lists the script's abilities, plus any number a `covers` key names beyond them
    (kind None: a stale or mistyped key, also reported in `CoverageReport.problems`).
    """

    card: CardRecord
    scripted: bool
    abilities: tuple[AbilityCoverage, ...] = ()
    error: str | None = None   # the script's load error, if it does not load

    @property
    def has_skills(self) -> bool:
        """A script, or an ability text: a card that needs (or has) a script."""
        return self.scripted or bool((self.card.text or "").strip())

    @property
    def declared(self) -> int | None:
        """How many printed abilities the script declares; None when unscripted or broken."""
        if not self.scripted or self.error is not None:
            return None
        return sum(1 for a in self.abilities if a.kind is not None and not a.granted)

    @property
    def covered(self) -> bool:
        """At least one scenario covers at least one of its abilities."""
        return any(a.scenarios for a in self.abilities)


@dataclass(frozen=True)
class CoverageReport:
    """Every installed card's coverage, the scenario files read and what was wrong with them."""

    cards: tuple[CardCoverage, ...]
    scenario_files: tuple[Path, ...] = ()
    problems: tuple[CoverageProblem, ...] = field(default=())

    def with_skills(self, sets: Sequence[str] = ()) -> list[CardCoverage]:
        return [c for c in self.cards if c.has_skills and (not sets or c.card.set in sets)]

    def uncovered(self, sets: Sequence[str] = ()) -> list[CardCoverage]:
        """Cards with skills that no scenario covers, in set order."""
        return [c for c in self.with_skills(sets) if not c.covered]

    def problems_for(self, sets: Sequence[str] = ()) -> list[CoverageProblem]:
        """The problems that concern `sets` (all when empty): a covers key naming one of their
        cards, or any other problem of a file that is not in another set's directory."""
        if not sets:
            return list(self.problems)
        set_of = {c.card.id: c.card.set for c in self.cards}
        dirs: dict[Path, str | None] = {
            Path(c.card.source.file).resolve().parent: c.card.set
            for c in self.cards if c.card.source is not None}

        def concerns(problem: CoverageProblem) -> bool:
            if problem.card_id in set_of:
                return set_of[problem.card_id] in sets
            owners = [s for d, s in dirs.items() if d in problem.file.resolve().parents]
            return not owners or any(s in sets for s in owners)

        return [p for p in self.problems if concerns(p)]


def set_scenario_dirs(registry: Registry) -> list[Path]:
    """The `scenarios/` folders of the registry's card set directories that exist."""
    dirs = (d / SCENARIOS_DIR for d in registry.card_set_dirs())
    return [d for d in dirs if d.is_dir()]


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files under the given paths: directories searched for *.scenario.yaml."""
    found: dict[Path, None] = {}
    for path in map(Path, paths):
        files = sorted(path.rglob(f"*{SCENARIO_SUFFIX}")) if path.is_dir() else [path]
        found.update(dict.fromkeys(files))
    return list(found)


def coverage(registry: Registry, scenario_paths: Iterable[str | Path] = ()) -> CoverageReport:
    """Coverage of every card of the registry from the scenarios of its set directories'
    `scenarios/` folders plus `scenario_paths` (files or directories)."""
    files = scenario_files([*set_scenario_dirs(registry), *scenario_paths])
    covers, problems = read_covers(files)
    named: dict[str, set[int]] = {}
    for card_id, number in covers:
        named.setdefault(card_id, set()).add(number)
    scripts = _script_reader(registry)
    cards = []
    for card in registry.db.values():
        printed, granted, error = scripts(card)
        kinds = [*printed, *granted]
        numbers = sorted({*range(1, len(kinds) + 1), *named.get(card.id, ())})
        abilities = tuple(
            AbilityCoverage(n, kinds[n - 1] if n <= len(kinds) else None,
                            tuple(covers.get((card.id, n), ())), len(printed) < n <= len(kinds))
            for n in numbers)
        cards.append(CardCoverage(card, card.script is not None, abilities, error))
        if error is None:
            has = ("no script" if card.script is None and not printed
                   else _abilities(len(printed))
                   + (f" and gives {len(granted)}" if granted else ""))
            problems += [CoverageProblem(ref.file, f"{ref.name}: covers {card.id}:{a.number}, "
                                         f"but {card.id} has {has}", card.id)
                         for a in abilities if a.kind is None for ref in a.scenarios]
    known = {c.card.id for c in cards}
    problems += [CoverageProblem(ref.file, f"{ref.name}: covers {card_id}:{n}, but no "
                                 f"installed card set defines {card_id}", card_id)
                 for (card_id, n), refs in covers.items() if card_id not in known
                 for ref in refs]
    return CoverageReport(tuple(cards), tuple(files), tuple(problems))


def read_covers(files: Iterable[Path]) -> tuple[dict[tuple[str, int], list[ScenarioRef]],
                                                list[CoverageProblem]]:
    """(card id, ability number) → the scenarios covering it, and the files that do not load.

    A scenario that lists an ability twice counts once. Covers of a card the scenario defines
    itself (`cards:`) are test cards, not set cards, and are skipped.
    """
    covers: dict[tuple[str, int], list[ScenarioRef]] = {}
    problems = []
    for file in files:
        try:
            scenarios = load_scenarios(file)
        except VgError as exc:
            problems.append(CoverageProblem(file, "cannot be read: "
                                            + str(exc).splitlines()[0]))
            continue
        for scenario in scenarios:
            own = {c.get("id") for c in scenario.cards}
            for key in dict.fromkeys(scenario.covers):
                card_id, _, number = key.rpartition(":")
                if card_id not in own:
                    covers.setdefault((card_id, int(number)), []).append(
                        ScenarioRef(file, scenario.name))
    return covers, problems


# -- text output -------------------------------------------------------------------------


def cards_table(registry: Registry, sets: Sequence[str] = ()) -> list[str]:
    """`vgcore cards`: set, id, name, grade, kind and whether it is scripted, one line each.

    scripted: `yes` (it has a script), `no` (it has an ability text but no script) or `-` (a
    card without skills).
    """
    rows = [[card.set or "", card.id, card.name, _grade(card), card.kind, _scripted(card)]
            for card in registry.db.values() if not sets or card.set in sets]
    return [*table(["set", "id", "name", "grade", "kind", "scripted"], rows),
            f"{len(rows)} card(s)"]


def coverage_table(report: CoverageReport, sets: Sequence[str] = ()) -> list[str]:
    """`vgcore cards --coverage`: one line per card with skills, then a summary and problems.

    abilities: how many printed abilities the script declares (`-` unscripted, `error` when it
    does not load); scenarios: per ability, `<n> <kind>: <how many scenarios cover it>`
    (`<n> granted <kind>` for an ability the script gives with `grant_ability`).
    """
    cards = report.with_skills(sets)
    rows = []
    for c in cards:
        count = "error" if c.error else "-" if c.declared is None else str(c.declared)
        per = ", ".join(f"{a.label}: {len(a.scenarios)}" for a in c.abilities) or "-"
        rows.append([c.card.set or "", c.card.id, c.card.name, count,
                     "yes" if c.scripted else "no", per])
    abilities = [a for c in cards for a in c.abilities if a.kind is not None and not a.granted]
    lines = table(["set", "id", "name", "abilities", "scripted", "scenarios per ability"], rows)
    lines.append(f"{len(cards)} card(s) with skills: {sum(c.scripted for c in cards)} scripted, "
                 f"{sum(c.covered for c in cards)} with a scenario; "
                 f"{sum(1 for a in abilities if a.scenarios)} of {len(abilities)} abilities "
                 f"covered; {len(report.scenario_files)} scenario file(s) read")
    lines += [f"warning: {p}" for p in report.problems_for(sets)]
    return lines


def coverage_json(report: CoverageReport, sets: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The coverage of the cards with skills as plain data (`vgcore cards --coverage --json`)."""
    return [{"id": c.card.id, "name": c.card.name, "set": c.card.set, "scripted": c.scripted,
             "error": c.error, "covered": c.covered,
             "abilities": [{"number": a.number, "kind": a.kind, "granted": a.granted,
                           "scenarios": [str(r) for r in a.scenarios]} for a in c.abilities]}
            for c in report.with_skills(sets)]


def uncovered_warning(c: CardCoverage) -> str:
    """One line for `vgcore validate` about a card with skills that no scenario covers."""
    if not c.scripted:
        why = (f"its text is carried out by {c.card.implemented_by}" if c.card.implemented_by
               else "it has an ability text but no script")
    elif c.error is not None:
        why = "its script does not load"
    else:
        why = f"it has {_abilities(c.declared or 0)}"
    return f"{c.card.id} ({c.card.name}): no scenario covers any of its abilities ({why})"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Left-aligned columns two spaces apart; the last column is not padded."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers) - 1)]
    return ["  ".join([*(str(v).ljust(w) for v, w in zip(r, widths, strict=False)),
                       str(r[-1])]).rstrip() for r in [headers, *rows]]


# --- private helpers -----------------------------------------------------------------------


def _script_reader(registry: Registry) -> Any:
    """card → (printed ability kinds, granted ability kinds, load error); one engine with every
    plugin enabled knows every key a script may use."""
    formats = sorted(registry.formats)
    engine = registry.engine(formats[0], plugins=registry.plugin_names()) if formats else None

    def read(card: CardRecord) -> tuple[list[str], list[str], str | None]:
        if card.script is None:
            # A text the engine or a plugin carries out (no Lua): one ability to cover. Any
            # other text without a script is an unimplemented card, which no scenario covers.
            return (["text"] if card.implemented_by and card.text.strip() else []), [], None
        if engine is None:
            return [], [], "no format is installed to load scripts with"
        try:
            script = engine.scripts.script(card.id)
        except ScriptError as exc:
            return [], [], str(exc)
        if script is None:
            return [], [], None
        printed = list(script.abilities)
        return ([a.kind for a in printed],
                [a.kind for a in _granted(a.spec for a in printed)], None)

    return read


def _granted(values: Iterable[Any]) -> Iterator[Ability]:
    """Abilities declared inside steps (`grant_ability`), depth first in declaration order."""
    for value in values:
        if isinstance(value, Ability):
            yield value
            yield from _granted([value.spec])
        elif isinstance(value, Mapping):
            yield from _granted(value.values())
        elif isinstance(value, list | tuple):
            yield from _granted(value)


def _abilities(n: int) -> str:
    return f"{n} abilit{'y' if n == 1 else 'ies'}"


def _grade(card: CardRecord) -> str:
    return "" if card.grade is None else str(card.grade)


def _scripted(card: CardRecord) -> str:
    if card.script is not None:
        return "yes"
    return "no" if (card.text or "").strip() else "-"
