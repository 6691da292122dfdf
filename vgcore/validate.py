"""`vgcore validate`: every card set, format, deck and script checked, every problem listed;
warnings for cards with skills that no scenario covers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from vgcore.carddb import CardDB, load_card_dir
from vgcore.coverage import coverage as coverage_report
from vgcore.coverage import uncovered_warning
from vgcore.decks import DeckList, load_deck
from vgcore.errors import CardDataError, VgError
from vgcore.formats import load_format_file, resolve_formats
from vgcore.plugins import Registry


def validate_all(registry: Registry, deck_files: Iterable[str], format_id: str | None,
                 echo: Callable[[str], None] = print, *,
                 scenario_paths: Iterable[str | Path] = (), coverage: bool = True,
                 coverage_sets: Sequence[str] = (), strict_coverage: bool = False,
                 smoke: bool = True) -> int:
    """Check everything installed plus the given deck files; returns the number of problems.

    With `smoke`, every ability of every card script is also run on a strict smoke board
    (vgcore/smoke.py), so that a runtime error in a rarely used ability is found here.

    With `coverage`, also warns about every card with skills (of `coverage_sets` only, if
    given) that no scenario covers (see `check_coverage`); warnings count as problems only
    with `strict_coverage`.
    """
    broken_plugins = registry.plugin_errors
    for message in broken_plugins:
        echo(f"plugins: {message}")
    try:
        registry.card_set_dirs()
    except CardDataError as exc:
        echo(f"card data: {exc}")
        return 1
    problems = len(broken_plugins) + check_cards(registry, echo)
    format_problems = check_formats(registry, echo)
    if format_problems is None:
        return problems + 1
    problems += format_problems
    decks: list[DeckList] = []
    for file, directory in registry.deck_files():
        try:
            decks.append(load_deck(file, within=directory))
        except VgError as exc:
            echo(f"decks: {exc}")
            problems += 1
    for file in deck_files:
        try:
            decks.append(load_deck(file))
        except VgError as exc:
            echo(str(exc))
            problems += 1
    for deck in decks:
        problems += check_one(registry, deck, format_id, echo)
    problems += check_scripts(registry, echo)
    if smoke:
        problems += check_smoke(registry, echo)
    if coverage:
        unknown = [s for s in coverage_sets if s not in registry.db.sets()]
        if unknown:
            echo(f"coverage: unknown set {unknown[0]!r}; sets: {', '.join(registry.db.sets())}")
            return problems + 1
        warnings = check_coverage(registry, echo, scenario_paths, coverage_sets)
        if strict_coverage:
            problems += warnings
    return problems


def check_cards(registry: Registry, echo: Callable[[str], None]) -> int:
    """Load every card directory, listing every bad record, script file name and duplicate
    id of every file; the registry then holds the records that are right, so that the other
    checks still run. Returns the number of problems."""
    problems: list[CardDataError] = []
    db = CardDB()
    try:
        directories = registry.card_set_dirs()
    except CardDataError as exc:
        echo(f"card data: {exc}")
        return 1
    for directory in directories:
        records = load_card_dir(directory, extra_fields=registry.card_fields,
                                extra_kinds=registry.card_kinds, problems=problems)
        for record in records:
            try:
                db.add([record])
            except CardDataError as exc:
                problems.append(exc)
    registry.__dict__["db"] = db  # the cached property, now without the broken records
    echo(f"cards: {len(db)} records in {len(directories)} set(s)")
    for problem in problems:
        echo(f"  - {problem}")
    return len(problems)


def check_formats(registry: Registry, echo: Callable[[str], None]) -> int | None:
    """Read every format file, listing each one that is wrong; the registry then holds the
    formats that resolve. The number of problems, or None when no format is left."""
    raws, errors = [], []
    for file, directory in registry.format_files():
        try:
            raws.append((load_format_file(file, within=directory), str(file)))
        except VgError as exc:
            errors.append(exc)
    formats: dict[str, Any] = {}
    while raws:  # a file that does not resolve is reported and left out, then try again
        try:
            formats = resolve_formats(raws)
            break
        except CardDataError as exc:
            errors.append(exc)
            kept = [(raw, file) for raw, file in raws if file != exc.file]
            if len(kept) == len(raws):
                break
            raws = kept
    if not formats:
        for error in errors:
            echo(f"formats: {error}")
        return None
    registry.__dict__["formats"] = formats  # the cached property, without the broken files
    echo(f"formats: {', '.join(sorted(formats))}")
    for error in errors:
        echo(f"  - {error}")
    return len(errors)


def installed_deck_files(registry: Registry) -> list[Path]:
    """The deck files the registry reads (plugins' decks, then each `--cards` decks/)."""
    return [file for file, _directory in registry.deck_files()]


def check_coverage(registry: Registry, echo: Callable[[str], None],
                   scenario_paths: Iterable[str | Path] = (), sets: Sequence[str] = ()) -> int:
    """Warn about each card with skills (of `sets`, if given) that no scenario covers, and
    about scenario files that cannot be read or cover what does not exist; returns the number
    of warnings."""
    report = coverage_report(registry, scenario_paths)
    cards = report.with_skills(sets)
    uncovered = report.uncovered(sets)
    which = f" of set {', '.join(sets)}" if sets else ""
    echo(f"coverage: {len(cards) - len(uncovered)} of {len(cards)} card(s) with skills{which} "
         f"have a scenario ({len(report.scenario_files)} scenario file(s) read)")
    warnings = [uncovered_warning(c) for c in uncovered] + [
        str(p) for p in report.problems_for(sets)]
    for warning in warnings:
        echo(f"  warning: {warning}")
    return len(warnings)


def check_scripts(registry: Registry, echo: Callable[[str], None]) -> int:
    """Compile every card script in the sandbox and check every declaration (strict)."""
    formats = sorted(registry.formats)
    if not formats:
        return 0
    # One engine with every installed plugin enabled knows every step, cost and event kind.
    engine = registry.engine(formats[0], plugins=registry.plugin_names())
    errors = engine.scripts.load_all()
    scripted = sum(1 for c in registry.db.values() if c.script is not None)
    echo(f"scripts: {scripted - len(errors)} of {scripted} load and validate")
    for error in errors:
        echo(f"  - {error}")
    return len(errors)


def check_smoke(registry: Registry, echo: Callable[[str], None]) -> int:
    """Run every ability of every card once on a strict smoke board (see vgcore.smoke)."""
    from vgcore.smoke import smoke_check, smoke_games

    if not registry.formats:
        return 0
    try:
        report = smoke_check(registry)
        games, in_games = smoke_games(registry)
    except VgError as exc:
        echo(f"smoke: {exc}")
        return 1
    failed = len({(f.card_id, f.ability) for f in report.problems})
    echo(f"smoke: {report.abilities - failed} of {report.abilities} abilities of "
         f"{report.cards} card(s) run without a script error ({report.runs} runs: as written "
         f"and forced); {games} game(s), one per format with its default decks")
    for finding in [*report.problems, *in_games]:
        echo(f"  - {finding}")
    for finding in report.notes:
        echo(f"  note: {finding}")
    return len(report.problems) + len(in_games)


def check_one(registry: Registry, deck: DeckList, format_id: str | None,
              echo: Callable[[str], None]) -> int:
    fmt = deck.format or format_id
    where = deck.source or deck.name
    if fmt is None:
        echo(f"{where}: deck {deck.name!r} names no format (give --format)")
        return 1
    try:
        violations = registry.deck_violations(deck, fmt)
    except VgError as exc:
        echo(f"{where}: {exc}")
        return 1
    if not violations:
        echo(f"deck {deck.name} ({fmt}): legal")
        return 0
    echo(f"{where}: deck {deck.name!r} breaks {len(violations)} rule(s) of {fmt}:")
    for v in violations:
        echo(f"  - {v}")
    return len(violations)
