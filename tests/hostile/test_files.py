"""Hostile files: card directories, formats, decks and scripts that strangers wrote.

Each is run as a user meets it — `vgcore validate --cards DIR` in a bounded subprocess — or,
for the variants of one attack, in-process through the loader that `validate` uses. Every one
must end in a clean one-line error naming the file, within seconds and bounded memory, and
print nothing of a file outside the card directory (docs/architecture.md, "Hostile content").
The huge, deep and special fixtures (FIFOs, symlinks, /dev/zero, 100,000-level nesting) are
made here in tmp_path; the small ones are committed under files/.
"""

from __future__ import annotations

import functools
import os
import random
from pathlib import Path

import pytest

from tests.hostile.harness import (
    assert_bounded,
    assert_clean_refusal,
    assert_nothing_leaked,
    run_bounded,
)
from vgcore.carddb import CardDB, load_card_dir
from vgcore.cardfiles import MAX_FILE_BYTES, MAX_SCRIPT_BYTES, read_card_text
from vgcore.decks import load_deck
from vgcore.errors import CardDataError, ScriptError
from vgcore.formats import MAX_DECK_CARDS, load_format_file
from vgcore.plugins import Registry
from vgcore.testing.discovery import project_card_dirs
from vgcore.testing.scenario import load_scenarios
from vgcore.validate import validate_all
from vgcore.yamlio import MAX_DEPTH, parse_yaml_text

pytestmark = pytest.mark.hostile

FILES = Path(__file__).parent / "files"
# These refusals happen before anything big is built: the child stays near an idle vgcore
# (35-55 MiB measured), far below the harness's general bound.
PEAK_MIB = 200
refused = functools.partial(assert_clean_refusal, peak_mib=PEAK_MIB)
SECRET = "s3cret-outside-the-card-directory-4f9c"
CARD = ("- {id: HX-001, name: Hostile Knight, kind: normal_unit, grade: 0, power: 6000, "
        "critical: 1, shield: 10000, clan: Royal Paladin}\n")
SCRIPT = "return vg.card { vg.act { zones = {'RC'}, effect = { vg.draw(1) } } }\n"


def card_set(tmp_path: Path, name: str = "set") -> Path:
    """A small valid card directory: one card with a script."""
    directory = tmp_path / name
    directory.mkdir()
    (directory / "cards.yaml").write_text(CARD)
    (directory / "HX-001.lua").write_text(SCRIPT)
    return directory


def secret_file(tmp_path: Path) -> Path:
    """A file outside every card directory whose content must never be printed."""
    secret = tmp_path / "outside" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text(f"{SECRET}: {SECRET}\n- {SECRET}\n")
    return secret


def validate(directory: Path, *extra: str):
    """`vgcore validate --cards DIR` as a user runs it."""
    return run_bounded(["validate", "--cards", str(directory), *extra])


# The same checks in a bounded child, without the smoke games (half the time of `validate`).
CHECK = """
import sys
from vgcore.plugins import Registry
from vgcore.validate import validate_all
found = validate_all(Registry(card_dirs=sys.argv[1:2]), sys.argv[2:], None, smoke=False,
                     coverage=False)
sys.exit(1 if found else 0)
"""


def check(directory: Path, *deck_files: str):
    """What `validate` reads and reports, in a bounded subprocess, quicker."""
    return run_bounded([str(directory), *deck_files], code=CHECK)


def check_in_process(directory: Path) -> str:
    """`validate`'s report for one card directory, in this process: for attacks whose failure
    mode is an error message, not a hang or a crash."""
    lines: list[str] = []
    validate_all(Registry(card_dirs=[directory]), [], None, echo=lines.append, smoke=False,
                 coverage=False)
    return "\n".join(lines)


# -- alias bombs ------------------------------------------------------------------------------

def test_a_billion_laughs_is_refused_in_bounded_memory() -> None:
    outcome = validate(FILES / "alias-bomb-cards")
    refused(outcome, "alias-bomb-cards/cards.yaml:14:", "billion laughs")


@pytest.mark.parametrize("fixture, file", [
    ("alias-bomb-format", "formats/laughs.yaml"),
    ("alias-bomb-deck", "decks/laughs.yaml"),
])
def test_a_billion_laughs_in_a_format_or_deck_is_refused(fixture: str, file: str) -> None:
    outcome = check(FILES / fixture)
    refused(outcome, f"{fixture}/{file}", "billion laughs")


@pytest.mark.parametrize("fixture", ["merge-bomb-cards", "recursive-alias-cards"])
def test_merge_key_chains_and_self_containing_aliases_are_refused(fixture: str) -> None:
    with pytest.raises(CardDataError, match="refused") as caught:
        load_card_dir(FILES / fixture)
    assert caught.value.file == str(FILES / fixture / "cards.yaml") and caught.value.line


def test_aliases_that_stay_small_still_work() -> None:
    """Scenarios share boards with anchors: a bounded use of aliases is fine."""
    loaded = parse_yaml_text("a: &x [1, 2]\nb: *x\nc: {<<: {k: 1}, j: 2}\n", "ok.yaml")
    assert loaded.data == {"a": [1, 2], "b": [1, 2], "c": {"k": 1, "j": 2}}


# -- deep nesting -----------------------------------------------------------------------------

def test_yaml_nested_100000_deep_is_refused_without_a_crash(tmp_path: Path) -> None:
    """Parsed as it is, this overflows the C stack (a segfault)."""
    directory = tmp_path / "deep"
    directory.mkdir()
    (directory / "cards.yaml").write_text("[" * 100_000 + "]" * 100_000)
    outcome = validate(directory)
    refused(outcome, "cards.yaml:1:65", f"nested more than {MAX_DEPTH} deep")


def test_a_json_deck_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    """YAML reads JSON too: a deck file in JSON is checked the same way."""
    deck = tmp_path / "deep.json"
    deck.write_text('{"name": "deep", "deck": ' + "[" * 100_000 + "]" * 100_000 + "}")
    outcome = check(card_set(tmp_path), str(deck))
    refused(outcome, "deep.json:1:", "nested more than")


@pytest.mark.parametrize("nesting", [
    lambda n: "- " * n + "x\n",                                   # block sequences on one line
    lambda n: "".join(" " * i + "k:\n" for i in range(n)) + " " * n + "v\n",  # block mappings
    lambda n: "{a: " * n + "1" + "}" * n,                         # flow mappings
])
def test_deep_nesting_of_every_form_is_a_clean_error(nesting) -> None:
    with pytest.raises(CardDataError, match=f"nested more than {MAX_DEPTH} deep"):
        parse_yaml_text(nesting(10_000), "deep.yaml")
    assert parse_yaml_text(nesting(MAX_DEPTH - 1), "ok.yaml").data is not None


def test_deep_nesting_in_a_malformed_file_is_still_refused_cleanly() -> None:
    """The round-trip parser that explains syntax errors never sees the deep part."""
    with pytest.raises(CardDataError) as caught:
        parse_yaml_text("[" * 10_000 + "}", "bad.yaml")
    assert "nested more than" in str(caught.value)


# -- enormous counts --------------------------------------------------------------------------

def test_a_deck_asking_for_a_trillion_copies_is_refused() -> None:
    outcome = check(FILES / "huge-count-deck")
    refused(outcome, "decks/huge.yaml", f"at most {MAX_DECK_CARDS}")


def test_a_deck_listing_more_cards_than_any_deck_holds_is_refused(tmp_path: Path) -> None:
    deck = tmp_path / "long.yaml"
    deck.write_text("name: long\ndeck:\n" + "  - {id: TD01-001, count: 1}\n" * 1001)
    with pytest.raises(CardDataError, match=f"lists 1001 cards in all.*{MAX_DECK_CARDS}"):
        load_deck(deck)


def test_a_format_asking_for_a_huge_deck_is_refused(tmp_path: Path) -> None:
    fmt = tmp_path / "huge.yaml"
    fmt.write_text("id: huge\nextends: premium\ndeck: {size: 1000000000000, "
                   "ride_deck_size: 0}\n")
    with pytest.raises(CardDataError, match=f"'deck.size' must be at most {MAX_DECK_CARDS}"):
        load_format_file(fmt)


# -- file size --------------------------------------------------------------------------------

def test_a_card_file_beyond_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """A sparse 64 GiB cards.yaml: refused from its size, so memory stays small."""
    directory = card_set(tmp_path)
    with open(directory / "cards.yaml", "r+b") as file:
        file.truncate(64 << 30)
    outcome = check(directory)
    refused(outcome, "cards.yaml", f"more than the {MAX_FILE_BYTES} bytes")


def test_a_big_file_full_of_mistakes_is_reported_without_a_parse_per_mistake(
        tmp_path: Path) -> None:
    """7,000 wrong records: each mistake is located from one node tree, not from a slow
    re-parse of the file per mistake (which took hours)."""
    directory = tmp_path / "big"
    directory.mkdir()
    record = "- {id: B-%05d, name: Bad, kind: normal_unit, grade: 1, power: lots}\n"
    count = 7000
    (directory / "cards.yaml").write_text("".join(record % n for n in range(count)))
    refused(check(directory),
                         "cards.yaml:1:64: card B-00000: 'power' must be an integer",
                         f"cards.yaml:{count}:64: card B-{count - 1:05d}:")


def test_a_syntax_error_at_the_end_of_a_big_file_costs_one_parse(tmp_path: Path) -> None:
    """Near the size limit, the slow parser that re-explains syntax errors is not used."""
    directory = card_set(tmp_path)
    record = "- {id: C-%05d, name: Fine, kind: normal_unit, grade: 1, power: 5000}\n"
    count = (MAX_FILE_BYTES - 4096) // len(record % 0)
    text = "".join(record % n for n in range(count)) + "- {unclosed: [\n"
    (directory / "cards.yaml").write_text(text)
    refused(check(directory), f"cards.yaml:{count + 2}:1: malformed YAML")


def test_a_script_beyond_its_limit_is_a_script_error(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    (directory / "HX-001.lua").write_text("-- " + "x" * MAX_SCRIPT_BYTES + "\n" + SCRIPT)
    registry = Registry(card_dirs=[directory], strict=True)
    with pytest.raises(ScriptError, match=f"more than the {MAX_SCRIPT_BYTES} bytes") as caught:
        registry.engine("premium").scripts.script("HX-001")
    assert caught.value.card_id == "HX-001"


# -- special files ----------------------------------------------------------------------------

def test_a_fifo_as_cards_yaml_is_refused_without_a_hang(tmp_path: Path) -> None:
    directory = tmp_path / "fifo"
    directory.mkdir()
    os.mkfifo(directory / "cards.yaml")
    outcome = validate(directory)
    refused(outcome, "cards.yaml", "a FIFO (named pipe), not a regular file")


def test_a_fifo_as_a_script_format_or_deck_is_refused_without_a_hang(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    for where in ("HX-001.lua", "formats/f.yaml", "decks/d.yaml"):
        (directory / where).parent.mkdir(exist_ok=True)
        (directory / where).unlink(missing_ok=True)
        os.mkfifo(directory / where)
    outcome = check(directory)
    refused(outcome, "HX-001.lua", "formats/f.yaml", "decks/d.yaml", "FIFO")


def test_a_cards_file_linked_to_dev_zero_is_refused(tmp_path: Path) -> None:
    directory = tmp_path / "zero"
    directory.mkdir()
    (directory / "cards.yaml").symlink_to("/dev/zero")
    outcome = check(directory)
    refused(outcome, "cards.yaml", "leads out of the card directory")


def test_a_device_is_refused_even_where_no_directory_bounds_the_file() -> None:
    """A deck path a person gives on the command line has no card directory to stay in."""
    with pytest.raises(CardDataError, match="a character device, not a regular file"):
        read_card_text("/dev/zero")


def test_a_deck_file_given_by_path_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)
    outcome = check(card_set(tmp_path), str(fifo))
    refused(outcome, "deck.yaml", "FIFO")


def test_a_directory_named_like_a_card_file_is_refused(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    (directory / "HX-001.lua").unlink()
    (directory / "HX-001.lua").mkdir()
    registry = Registry(card_dirs=[directory], strict=True)
    with pytest.raises(ScriptError, match="a directory, not a regular file"):
        registry.engine("premium").scripts.script("HX-001")


# -- symlinks out of the directory: refused, and nothing of their target printed ----------------

def test_a_cards_yaml_linked_out_of_its_directory_is_refused_and_never_printed(
        tmp_path: Path) -> None:
    directory = tmp_path / "linked"
    directory.mkdir()
    (directory / "cards.yaml").symlink_to(secret_file(tmp_path))
    outcome = validate(directory)
    refused(outcome, "cards.yaml", "leads out of the card directory")
    assert_nothing_leaked(outcome, SECRET)


def test_a_script_format_or_deck_linked_out_of_the_directory_is_refused_and_never_printed(
        tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    secret = secret_file(tmp_path)
    for where in ("HX-001.lua", "formats/f.yaml", "decks/d.yaml"):
        (directory / where).parent.mkdir(exist_ok=True)
        (directory / where).unlink(missing_ok=True)
        (directory / where).symlink_to(secret)
    outcome = check(directory)
    refused(outcome, "HX-001.lua", "formats/f.yaml", "decks/d.yaml",
                         "leads out of the card directory")
    assert_nothing_leaked(outcome, SECRET)


def test_a_symlinked_formats_folder_cannot_reach_out_either(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    outside = secret_file(tmp_path).parent
    (outside / "f.yaml").write_text(f"id: {SECRET}\n")
    (directory / "formats").symlink_to(outside, target_is_directory=True)
    report = check_in_process(directory)
    assert "formats/f.yaml: refused: a symlink that leads out of the card directory" in report
    assert SECRET not in report


def test_etc_passwd_as_cards_yaml_is_never_printed(tmp_path: Path) -> None:
    directory = tmp_path / "passwd"
    directory.mkdir()
    (directory / "cards.yaml").symlink_to("/etc/passwd")
    report = check_in_process(directory)
    assert "cards.yaml: refused: a symlink that leads out of the card directory" in report
    assert "root:" not in report and "nologin" not in report


def test_a_scenario_linked_out_of_its_set_is_refused(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    (directory / "scenarios").mkdir()
    link = directory / "scenarios" / "x.scenario.yaml"
    link.symlink_to(secret_file(tmp_path))
    with pytest.raises(CardDataError, match="leads out of the card directory") as caught:
        load_scenarios(link)
    assert SECRET not in str(caught.value)


def test_a_symlink_to_a_sibling_inside_the_directory_is_fine(tmp_path: Path) -> None:
    directory = card_set(tmp_path)
    (directory / "real").mkdir()
    (directory / "cards.yaml").rename(directory / "real" / "cards.yaml")
    (directory / "cards.yaml").symlink_to(directory / "real" / "cards.yaml")
    assert [r.id for r in load_card_dir(directory)] == ["HX-001"]


def test_scenario_discovery_reads_a_pyproject_toml_like_a_card_file(tmp_path: Path) -> None:
    """A FIFO named pyproject.toml is passed over unread; an enormous one is refused."""
    (tmp_path / "x.scenario.yaml").write_text("name: x\n")
    os.mkfifo(tmp_path / "pyproject.toml")
    assert project_card_dirs(tmp_path / "x.scenario.yaml") == []
    (tmp_path / "pyproject.toml").unlink()
    with open(tmp_path / "pyproject.toml", "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(CardDataError, match="more than the"):
        project_card_dirs(tmp_path / "x.scenario.yaml")


# -- messages quote no content ----------------------------------------------------------------

def test_a_text_file_as_cards_yaml_is_described_not_printed(tmp_path: Path) -> None:
    """A plain paragraph parses as one YAML string: the whole file. It is not quoted."""
    directory = tmp_path / "text"
    directory.mkdir()
    (directory / "cards.yaml").write_text(f"Dear diary,\n{SECRET} is my password\nbye\n")
    with pytest.raises(CardDataError) as caught:
        load_card_dir(directory)
    assert "must be a list of mappings, not" in str(caught.value)
    assert SECRET not in str(caught.value)


@pytest.mark.parametrize("text", [
    f"- {{id: A, name: A, kind: normal_unit, grade: 1, power: '{SECRET * 3}'}}\n",
    f"- {{id: A, name: A, kind: {SECRET * 3}, grade: 1, power: 1}}\n",
    f"- {{id: A, name: A, kind: normal_unit, grade: 1, power: 1, {SECRET * 3}: 1}}\n",
    f"- {{id: A, name: A, kind: normal_unit, grade: [{SECRET}, {SECRET}], power: 1}}\n",
    f"- {{id: A, name: A, kind: normal_unit, grade: 1, power: 1}}\n- {{id: A}}\n"
    f"- {{id: B, name: B, kind: normal_unit, grade: 1, power: 1, name: {SECRET * 3}}}\n",
    f"- {{id: A, name: A\n  {SECRET * 3}: b: c\n",
])
def test_an_error_quotes_at_most_a_short_piece_of_the_designers_own_file(
        tmp_path: Path, text: str) -> None:
    directory = tmp_path / "own"
    directory.mkdir()
    (directory / "cards.yaml").write_text(text)
    with pytest.raises(CardDataError) as caught:
        load_card_dir(directory)
    message = str(caught.value)
    assert "\n" not in message and SECRET * 2 not in message and "own/cards.yaml:" in message


def test_a_file_that_is_not_utf8_is_refused_by_name(tmp_path: Path) -> None:
    directory = tmp_path / "binary"
    directory.mkdir()
    (directory / "cards.yaml").write_bytes(b"- id: \xff\xfe\x00" + SECRET.encode())
    report = check_in_process(directory)
    assert "cards.yaml: file is not UTF-8 text" in report and SECRET not in report


def test_the_fixtures_themselves_stay_small() -> None:
    """The committed fixtures are kilobytes: the huge ones are made at test time."""
    sizes = [p.stat().st_size for p in FILES.rglob("*") if p.is_file()]
    assert sizes and max(sizes) < 4096


def test_a_valid_set_still_validates_through_the_harness(tmp_path: Path) -> None:
    """The checks refuse what is hostile, not what is ordinary."""
    outcome = validate(card_set(tmp_path))
    assert_bounded(outcome)
    assert outcome.code == 0, outcome.text


# -- fuzzing a real card file -----------------------------------------------------------------

FUZZ_SOURCE = Path(__file__).parents[2] / "card_scripts" / "TD01"
FUZZ_SEED = 20261201
FUZZ_VALUES = ["[1, 2]", "{a: 1}", "''", "1e400", "-.inf", ".nan", "null", "true", "-1",
               "99999999999999999999999", "2.5", "&x [*x]", "*nowhere", "!!binary AAAA",
               "!!python/object:os.system ls", "? [a]", "|\n  text", "'" + "x" * 300,
               "[" * 80 + "]" * 80, "{" * 70, "9" * 5000]
BYTES = b":-[]{}&*!|>'\"#%@`\t\n ,?\\\x00\xff"


def mutate(text: str, rng: random.Random) -> bytes:
    """One to three random edits of a YAML text, the kinds a fuzzer or a careless hand makes."""
    data = text.encode()
    for _ in range(rng.randint(1, 3)):
        lines = data.split(b"\n")
        where = rng.randrange(len(lines))
        edit = rng.randrange(8)
        if edit == 0:  # byte flip
            i = rng.randrange(len(data))
            new = rng.choice([bytes([rng.randrange(256)]), bytes([rng.choice(BYTES)])])
            data = data[:i] + new + data[i + 1:]
            continue
        if edit == 1:  # truncation
            data = data[:rng.randrange(len(data))]
            continue
        if edit == 2:  # a line twice
            lines.insert(where, lines[where])
        elif edit == 3:  # a line gone
            del lines[where]
        elif edit in (4, 5):  # a value of another type
            key, sep, _value = lines[where].partition(b": ")
            lines[where] = key + b": " + rng.choice(FUZZ_VALUES).encode() if sep else (
                lines[where] + b" " + rng.choice(FUZZ_VALUES).encode())
        elif edit == 6:  # deep nesting inserted
            depth = rng.choice([10, 63, 65, 500, 5000])
            lines.insert(where, b"  notes: " + b"[" * depth + b"]" * rng.choice([0, depth]))
        else:  # indentation shifted
            lines[where] = b" " * rng.randint(1, 5) + lines[where].lstrip(b" ")[
                :rng.randint(0, len(lines[where]))]
        data = b"\n".join(lines)
    return data


def fuzzed_sets(tmp_path: Path, count: int) -> list[Path]:
    """`count` copies of TD01 (its scripts too), each cards.yaml mutated; fixed seed."""
    rng = random.Random(FUZZ_SEED)
    text = (FUZZ_SOURCE / "cards.yaml").read_text()
    sets = []
    for n in range(count):
        directory = tmp_path / f"m{n:03d}"
        directory.mkdir()
        for script in FUZZ_SOURCE.glob("*.lua"):
            (directory / script.name).write_bytes(script.read_bytes())
        (directory / "cards.yaml").write_bytes(mutate(text, rng))
        sets.append(directory)
    return sets


def test_a_few_hundred_mutations_of_a_real_card_file_give_only_vgcores_own_errors(
        tmp_path: Path) -> None:
    """Every mutation loads, or fails with CardDataError: one line, naming the file."""
    outcomes = {"loaded": 0, "refused": 0}
    for directory in fuzzed_sets(tmp_path, 300):
        problems: list[CardDataError] = []
        try:
            records = load_card_dir(directory, problems=problems)
            CardDB().add(records)
        except CardDataError as exc:
            problems.append(exc)
        except Exception as exc:  # the property under test: nothing but vgcore's own errors
            raise AssertionError(f"{directory.name}: {type(exc).__name__}: {exc}") from exc
        for problem in problems:
            assert "\n" not in str(problem), str(problem)
            assert str(problem).startswith(str(directory)), str(problem)
        outcomes["refused" if problems else "loaded"] += 1
    assert outcomes["loaded"] > 10 and outcomes["refused"] > 100, outcomes


def test_mutations_through_vgcore_validate_end_cleanly(tmp_path: Path) -> None:
    """A few of the same mutations as a user meets them: no traceback, no hang."""
    for directory in fuzzed_sets(tmp_path, 40)[::10]:
        assert_bounded(check(directory))


@pytest.mark.parametrize("where, text", [
    ("cards.yaml", "- {id: %s, name: A, kind: normal_unit, grade: 1, power: 1}\n"),
    ("cards.yaml", "- {id: A, name: %s, kind: normal_unit, grade: 1, power: 1}\n"),
    ("decks/d.yaml", "name: d\ndeck: [{id: %s, count: 1}]\n"),
    ("formats/f.yaml", "id: %s\nextends: premium\n"),
])
def test_ids_and_names_are_short_enough_to_quote(tmp_path: Path, where: str, text: str) -> None:
    """Ids and names end up in messages (unknown card, defined twice…): they are bounded."""
    directory = card_set(tmp_path)
    (directory / where).parent.mkdir(exist_ok=True)
    (directory / where).write_text(text % ("x" * 10_000))
    report = check_in_process(directory)
    problem = next(line for line in report.splitlines() if where in line)
    assert "must have at most" in problem and len(problem) < 400, problem


@pytest.mark.parametrize("source", [
    "return " + "{" * 100_000 + "}" * 100_000,
    "return " + "(" * 100_000 + "1" + ")" * 100_000,
    "return vg.card { vg.act { effect = { vg.power('self', " + "{" * 150 + "}" * 150 + ") } } }",
    "--[[" * 1000,
    "return '\\\\\\'",
])
def test_a_hostile_lua_source_is_a_script_error_naming_card_and_file(
        tmp_path: Path, source: str) -> None:
    """Nesting Lua's parser or the converter cannot follow, unfinished tokens."""
    directory = card_set(tmp_path)
    (directory / "HX-001.lua").write_text(source)
    registry = Registry(card_dirs=[directory], strict=True)
    with pytest.raises(ScriptError) as caught:
        registry.engine("premium").scripts.script("HX-001")
    assert caught.value.card_id == "HX-001" and caught.value.file == str(
        directory / "HX-001.lua")
