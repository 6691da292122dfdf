"""Shared YAML reading: the fast C loader parses, its node marks locate problems.

Card sets, formats, decks and scenarios are all YAML. Parsing them must be fast (thousands of
card records at start-up), so the documents are read with ruamel.yaml's C-based safe loader.
The composed node tree keeps every node's line and column: an error about a value is located
from it (`LoadedYaml.position`, or `position` for a file, whose tree is composed again and
cached only when something is wrong), so an error always names `file:line:column`, and a valid
file never pays for it. A syntax error in a small file is re-explained by the (slow, pure
Python) round-trip parser, whose messages are clearer.

The text is hostile input (docs/architecture.md, "Hostile content"): it is read through
`vgcore.cardfiles` (regular files inside their card directory, size-limited) and its event
stream is scanned before anything is built from it, so that a document nested deeper than
`MAX_DEPTH` levels or holding more than `MAX_VALUES` values — aliases counted as the copies
they stand for, which is what a "billion laughs" multiplies — is refused in bounded time and
memory. Messages describe values instead of printing them (see `describe`): a file's content
never reaches an error message beyond a short quoted scalar of the designer's own file.
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeAlias

from vgcore.cardfiles import read_card_text
from vgcore.errors import CardDataError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError


@functools.cache
def _ruamel() -> SimpleNamespace:
    """ruamel.yaml's names, imported when YAML is first parsed: a start-up that finds every
    file in the card cache (vgcore.cardcache) parses none."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.events import (
        AliasEvent,
        MappingEndEvent,
        MappingStartEvent,
        ScalarEvent,
        SequenceEndEvent,
        SequenceStartEvent,
    )

    try:  # the C extension ships with ruamel.yaml.clib; without it the loader is pure Python
        from ruamel.yaml.cyaml import CParser
    except ImportError:  # pragma: no cover - depends on the installation
        CParser = None
    return SimpleNamespace(
        YAML=YAML, YAMLError=YAMLError, MarkedYAMLError=MarkedYAMLError, CParser=CParser,
        AliasEvent=AliasEvent, MappingEndEvent=MappingEndEvent,
        MappingStartEvent=MappingStartEvent, ScalarEvent=ScalarEvent,
        SequenceEndEvent=SequenceEndEvent, SequenceStartEvent=SequenceStartEvent,
        FastResolver=_fast_resolver_class())


def _yaml_error() -> type[Exception]:
    """ruamel's YAMLError, for `except` clauses (evaluated only when something is raised)."""
    return _ruamel().YAMLError  # type: ignore[no-any-return]

DocPath: TypeAlias = Sequence[str | int]
"""Keys (mappings) and indices (sequences) leading from the document root to one node."""

Position: TypeAlias = tuple[int | None, int | None]
"""A 1-based (line, column); (None, None) when the place cannot be found."""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings in a YAML (or JSON) document; card data needs 5."""
MAX_VALUES = 1_000_000
"""Most values (scalars, lists, mappings) a document may hold, each alias counted as a copy
of what it names. A file within the size limit holds fewer without aliases (a value takes two
bytes at least; 2 MiB of cards hold about 200,000): only aliases can reach it."""
RT_EXPLAIN_CHARS = 256 << 10
"""Largest text whose syntax error the round-trip parser re-explains (clearer messages); a
bigger one keeps the fast parser's message, so that an error costs no more than a parse."""
QUOTE_LENGTH = 40
"""Longest piece of a designer's text an error message quotes (then cut with '…')."""


@dataclass(frozen=True, slots=True)
class LoadedYaml:
    """A parsed document plus its node tree, whose marks give positions without a re-parse."""

    data: Any
    node: Any

    def position(self, path: DocPath, *, key: bool = False) -> Position:
        """1-based (line, column) of the node at `path`, from the fast parser's marks.

        Walks as deep as the path exists, so a missing key points at the mapping that lacks it.
        With `key=True` a mapping entry's key is located instead of its value.
        """
        node = self.node
        if node is None:
            return None, None
        mark = node.start_mark
        for i, step in enumerate(path):
            value = getattr(node, "value", None)
            if isinstance(step, int) and isinstance(value, list) and node.id == "sequence":
                if not 0 <= step < len(value):
                    break
                node = value[step]
                mark = node.start_mark
            elif node.id == "mapping":
                entry = next((kv for kv in value if kv[0].value == step), None)
                if entry is None:
                    break
                last = i == len(path) - 1
                mark = entry[0].start_mark if key and last else entry[1].start_mark
                node = entry[1]
            else:
                break
        return mark.line + 1, mark.column + 1


def load_yaml(path: str | Path, *, within: str | Path | None = None) -> Any:
    """Parse one YAML document with the fast C safe loader; malformed YAML → CardDataError.

    `within` is the card directory the file belongs to (see `vgcore.cardfiles`). A file
    parsed before with the same text is taken from the cache (vgcore.cardcache)."""
    from vgcore import cardcache

    text = read_card_text(path, within=within)
    key = cardcache.cache_key(text, path, kind="yaml")
    found, data = cardcache.read_document(key)
    if found:
        _node_tree.cache_clear()  # as a parse does: later errors locate in the file as it is
        return data
    data = parse_yaml_text(text, str(path)).data
    cardcache.write_document(key, data)
    return data


def load_yaml_with_marks(path: str | Path, *, within: str | Path | None = None) -> LoadedYaml:
    """Parse like `load_yaml`, keeping the node tree so callers can cheaply locate records."""
    return parse_yaml_text(read_card_text(path, within=within), str(path))


def parse_yaml_text(text: str, file: str) -> LoadedYaml:
    """Parse YAML text that came from `file` (named in errors only), within the bounds."""
    _node_tree.cache_clear()  # the errors of the file parsed before are all reported
    try:
        check_bounds(text, file)
        yaml = fast_loader()
        node = yaml.compose(text)
        data = None if node is None else yaml.constructor.construct_document(node)
    except _yaml_error() as exc:
        raise _syntax_error(text, file, exc) from None
    except (TypeError, ValueError, OverflowError) as exc:  # e.g. an unhashable complex key
        raise CardDataError(f"malformed YAML: a value cannot be built ({type(exc).__name__}; "
                            "e.g. a number of thousands of digits, or a list as a key)",
                            file) from None
    return LoadedYaml(data, node)


def check_bounds(text: str, file: str) -> None:
    """Refuse a document nested deeper than MAX_DEPTH or holding more than MAX_VALUES values
    (aliases expanded), from the parser's event stream: nothing is built, so the check costs
    time linear in the text and constant memory per anchor. Syntax errors are the parser's
    (YAMLError), raised as they are met."""
    sizes: dict[Any, int] = {}   # anchor -> values it holds, once its collection is closed
    stack: list[list[Any]] = []  # open collections: [values so far, anchor]
    total, aliased = 0, False
    ry = _ruamel()
    ScalarEvent, AliasEvent = ry.ScalarEvent, ry.AliasEvent
    SequenceStartEvent, MappingStartEvent = ry.SequenceStartEvent, ry.MappingStartEvent
    SequenceEndEvent, MappingEndEvent = ry.SequenceEndEvent, ry.MappingEndEvent
    for event in fast_loader().parse(text):
        kind = type(event)
        if kind is ScalarEvent or kind is AliasEvent:
            if kind is AliasEvent:
                size = sizes.get(event.anchor)
                if size is None:
                    if any(entry[1] == event.anchor for entry in stack):
                        raise _bound_error(file, event, f"alias *{short(event.anchor)} sits "
                                           "inside the value it names (a value cannot contain "
                                           "itself)")
                    continue  # undefined: the composer reports it
                aliased = True
            else:
                size = 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            total += size
            if stack:
                stack[-1][0] += size
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _bound_error(file, event, f"lists and mappings nested more than "
                                   f"{MAX_DEPTH} deep (card data needs a few levels)")
            stack.append([1, event.anchor])
            total += 1
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            size, anchor = stack.pop()
            if anchor is not None:
                sizes[anchor] = size
            if stack:
                stack[-1][0] += size
            continue
        else:
            continue
        if total > MAX_VALUES:
            why = ("counting each alias (*name) as a copy of what it names; aliases of aliases "
                   "multiply (a \"billion laughs\")" if aliased else "(lists, mappings and "
                   "scalars)")
            raise _bound_error(file, event, f"the document holds more than {MAX_VALUES} values "
                               + why)


def short(text: Any) -> str:
    """A designer's text cut to QUOTE_LENGTH characters, on one line (for messages)."""
    value = str(text)
    if len(value) > QUOTE_LENGTH:
        value = value[:QUOTE_LENGTH - 1] + "…"
    return value.encode("unicode_escape").decode("ascii") if not value.isprintable() else value


def describe(value: Any) -> str:
    """A value as an error message may show it: a short scalar quoted, a collection by its
    kind and size only, so that a message never carries a file's content."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) < 10**15:
            return repr(value)
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if "\n" in value.strip():
            return f"a text of {len(value.splitlines())} lines"
        return repr(short(value))
    if isinstance(value, list):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, dict):
        return f"a mapping of {len(value)} key(s)"
    return f"a {type(value).__name__}"


def fast_loader() -> YAML:
    """A fresh safe loader backed by the C parser (a YAML instance is not re-entrant)."""
    ry = _ruamel()
    yaml = ry.YAML(typ="safe")
    yaml.Resolver = ry.FastResolver
    if ry.CParser is None or yaml.Parser is not ry.CParser:  # pragma: no cover - installation issue
        raise RuntimeError(
            "ruamel.yaml's C loader is unavailable (install ruamel.yaml.clib, ruamel.yaml<0.19); "
            "the pure-Python loader is too slow for card data"
        )
    return yaml


def position(file: str | Path, path: DocPath, *, key: bool = False) -> Position:
    """1-based (line, column) of the value (or with `key=True`, the key) at `path` in `file`.

    Re-reads the file and walks the fast parser's node tree (`LoadedYaml.position`); the tree
    is kept until the next file is parsed, so a file with a thousand bad records is parsed
    once, not a thousand times. Walks as deep as the path exists; a file that cannot be read
    or parsed gives (None, None) so that reporting an error never raises another one.
    """
    try:
        info = os.stat(file)
    except OSError:
        return None, None
    node = _node_tree(str(file), info.st_mtime_ns, info.st_size)
    if node is None:
        return None, None
    return LoadedYaml(None, node).position(path, key=key)


@functools.lru_cache(maxsize=1)
def _node_tree(file: str, _mtime_ns: int, _size: int) -> Any:
    """The composed (not constructed) document of `file`, or None; cached by name and stat.

    Errors come file by file, so one tree is enough; the next parse drops it."""
    try:
        text = read_card_text(file)
        check_bounds(text, file)
        return fast_loader().compose(text)
    except (CardDataError, _yaml_error()):
        return None


def error_at(file: str | Path, path: DocPath, message: str, *, key: bool = False,
             cls: type[CardDataError] = CardDataError) -> CardDataError:
    """Build (not raise) an error about the node at `path`, located with `position`."""
    line, column = position(file, path, key=key)
    return cls(message, str(file), line, column)


class SchemaValidator:
    """A JSON Schema validator whose "integer" rejects floats and booleans, compiled when it
    first validates: importing jsonschema and checking a schema cost tens of milliseconds
    that a program reading cards it validated before (the card cache) need not pay.

    JSON Schema counts 5000.0 as an integer and Python counts True as one; neither belongs in a
    card stat or a deck rule, so both are refused here.
    """

    __slots__ = ("_compiled", "_digest", "schema")

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._compiled: Any = None
        self._digest: bytes | None = None

    def document_key(self, data: Any) -> str | None:
        """A digest of this schema and `data` (None if `data` is not plain JSON data): the
        name under which the cache remembers that `data` passed (vgcore.cardcache)."""
        import hashlib

        import msgspec

        try:
            if self._digest is None:
                self._digest = hashlib.sha256(
                    msgspec.json.encode(self.schema, order="sorted")).digest()
            text = msgspec.json.encode(data, order="sorted")
        except (TypeError, ValueError, OverflowError, msgspec.EncodeError):
            return None
        return hashlib.sha256(self._digest + text).hexdigest()

    def compiled(self) -> Any:
        if self._compiled is None:
            strict = _strict_validator_class()
            strict.check_schema(self.schema)
            self._compiled = strict(self.schema)
        return self._compiled

    def iter_errors(self, data: Any) -> Any:
        return self.compiled().iter_errors(data)


def schema_validator(schema: dict[str, Any]) -> SchemaValidator:
    """A validator of `schema` (see SchemaValidator)."""
    return SchemaValidator(schema)


def check_schema(validator: Any, data: Any, file: str | Path, doc_path: DocPath = (), *,
                 label: str = "", cls: type[CardDataError] = CardDataError,
                 remember: bool = False) -> None:
    """Raise a located, readable error for the most relevant schema violation in `data`.

    `doc_path` is where `data` sits in the file's document; `label` prefixes the message (e.g.
    "card T-001"). Unknown keys point at the key and suggest the closest allowed one; wrong
    types and values point at the value. `remember`: a document that passes is remembered by
    the cache (vgcore.cardcache), and one remembered is not checked again.
    """
    from vgcore import cardcache

    key = validator.document_key(data) if remember else None
    if key is not None and cardcache.known_valid(key):
        return
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(data))
    if error is not None:
        raise _located_schema_error(error, str(file), list(doc_path), label, cls)
    if key is not None:
        cardcache.remember_valid(key)


# --- private helpers -----------------------------------------------------------------------

@functools.cache
def _fast_resolver_class() -> type:
    """The safe loader's tag resolver without its per-scalar overhead (a third of load time).

    The stock resolver looks up the YAML version for every scalar by probing for the pure
    scanner, which the C parser does not have: one caught AttributeError per scalar. Behind the
    C parser the answer is always YAML 1.2 (it does not report `%YAML` directives), so it is
    fixed here. Plain scalars repeat a lot in card data ("5000", "boost"), and their tag depends
    only on their text, so it is cached per document.
    """
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    class FastResolver(VersionedResolver):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._plain_tags: dict[str, Any] = {}

        @property
        def processing_version(self) -> Any:
            return (1, 2)

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            if kind is ScalarNode and implicit[0] and not self.yaml_path_resolvers:
                tag = self._plain_tags.get(value)
                if tag is None:
                    tag = self._plain_tags[value] = super().resolve(kind, value, implicit)
                return tag
            return super().resolve(kind, value, implicit)

    return FastResolver


def _strict_int(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def _strict_validator_class() -> Any:
    from jsonschema import Draft202012Validator
    from jsonschema import validators as jsonschema_validators

    return jsonschema_validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_int),
    )
_TYPE_WORDS = {"integer": "an integer", "string": "a string", "boolean": "true or false",
               "null": "null", "array": "a list", "object": "a mapping", "number": "a number"}


def _bound_error(file: str, event: Any, message: str) -> CardDataError:
    mark = event.start_mark
    return CardDataError(f"refused: {message}", file, mark.line + 1, mark.column + 1)


def _located_schema_error(error: ValidationError, file: str, base: list[str | int], label: str,
                          cls: type[CardDataError]) -> CardDataError:
    """Turn a jsonschema error into a message a person can act on, at the right place."""
    where = [*base, *error.absolute_path]
    prefix = f"{label}: " if label else ""
    field = ".".join(str(p) for p in error.absolute_path)
    what = repr(field) if field else "this"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        bad = next(key for key in error.instance if key not in allowed)
        close = difflib.get_close_matches(str(bad), allowed, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; allowed: {', '.join(allowed)}"
        return error_at(file, [*where, bad], f"{prefix}unknown key {describe(bad)}{hint}",
                        key=True, cls=cls)
    return error_at(file, where, prefix + _schema_message(error, what), cls=cls)


def _schema_message(error: ValidationError, what: str) -> str:
    """The rule broken, in words; the value described (`describe`), never printed whole."""
    rule, wanted, value = error.validator, error.validator_value, describe(error.instance)
    if rule == "required":
        return error.message
    if rule == "type":
        types = [wanted] if isinstance(wanted, str) else wanted
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in types)
        return f"{what} must be {words}, not {value}"
    if rule == "enum":
        choices = ", ".join(str(v) for v in wanted if v is not None)
        return f"{what} must be one of {choices}, not {value}"
    if rule in _BOUND_WORDS:
        return f"{what} must be {_BOUND_WORDS[rule]} {wanted}, not {value}"
    if rule in ("minLength", "maxLength", "minItems", "maxItems"):
        unit = "character(s)" if rule.endswith("Length") else "item(s)"
        most = "at least" if rule.startswith("min") else "at most"
        return f"{what} must have {most} {wanted} {unit}, not {value}"
    if rule == "pattern":
        return f"{what} must match the pattern {wanted!r}, not {value}"
    if rule == "uniqueItems":
        return f"{what} must not list an item twice"
    return f"{what} breaks the rule {rule!r} of its schema (value: {value})"


_BOUND_WORDS = {"minimum": "at least", "maximum": "at most",
                "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}


def _syntax_error(text: str, file: str, fast_exc: YAMLError) -> CardDataError:
    """Explain a parse failure with the round-trip loader's (clearer) message and mark."""
    ry = _ruamel()
    exc: YAMLError = fast_exc
    if len(text) <= RT_EXPLAIN_CHARS:  # the pure-Python parser takes ~10 s a MiB
        try:
            ry.YAML(typ="rt").load(text)
        except ry.YAMLError as rt_exc:
            exc = rt_exc
        except Exception:  # it only explains an error already found: keep that one
            pass
    if isinstance(exc, ry.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "malformed YAML"
        if len(problem) > 3 * QUOTE_LENGTH:  # the parser quotes values (duplicate keys)
            problem = problem[:3 * QUOTE_LENGTH - 1] + "…"
        problem = short_lines(problem)
        if mark is not None:
            plain = plain_yaml_problem(text, exc)
            message = (f"malformed YAML: {plain} (the parser says: {problem})" if plain
                       else f"malformed YAML: {problem}")
            return CardDataError(message, file, mark.line + 1, mark.column + 1)
        return CardDataError(f"malformed YAML: {problem}", file)
    return CardDataError(f"malformed YAML ({type(exc).__name__})", file)


def short_lines(text: str) -> str:
    """Text on one line: line breaks and other unprintable characters escaped."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


def plain_yaml_problem(text: str, exc: MarkedYAMLError) -> str | None:
    """What a YAML syntax error means in a card designer's words, or None if unsure.

    The parser says where it gave up and what token it saw; the usual causes behind its
    messages are a key indented differently from its siblings, a tab, a value with a second
    `: ` in it, an unclosed bracket or quote, and a key written twice.
    """
    mark = exc.problem_mark or exc.context_mark
    lines = text.splitlines()
    number = mark.line + 1
    row = lines[mark.line] if 0 <= mark.line < len(lines) else ""
    problem, context = exc.problem or "", exc.context or ""
    start = exc.context_mark
    if "\t" in problem or "'\\t'" in problem or "\t" in row[: mark.column + 1]:
        return f"line {number} is indented with a tab; YAML indents with spaces only"
    if "duplicate key" in problem:
        first = f" (first at line {start.line + 1})" if start is not None else ""
        return f"line {number} repeats a key of the same mapping{first}; each key once"
    if "quoted scalar" in context and start is not None:
        return (f"the quote opened at line {start.line + 1}, column {start.column + 1} is "
                "never closed")
    if "flow" in context and start is not None:
        bracket = "[" if "sequence" in context else "{"
        return (f"the '{bracket}' opened at line {start.line + 1}, column {start.column + 1} "
                f"is not closed (missing ',' or '{'}' if bracket == '{' else ']'}' before line "
                f"{number}?)")
    if "could not find expected ':'" in problem and start is not None:
        return f"line {start.line + 1} has a key without its ':' (or a line break in a value)"
    indent = _indent(row)
    above = _line_above(lines, mark.line)
    if "mapping values are not allowed" in problem:
        if above is not None and indent > _indent(lines[above]) and not row.lstrip(
                ).startswith("-") and ":" not in lines[above].rstrip()[-1:]:
            return (f"bad indentation at line {number}: {_key(row)} is indented {indent} "
                    f"spaces, more than the line above ({_indent(lines[above])}); keys of one "
                    "mapping line up")
        return (f"line {number} has a second ': ' inside a value; put the value in quotes "
                "(e.g. name: \"Knight: of the Dawn\")")
    if "expected <block end>" in problem:
        if above is not None and indent != _indent(lines[above]):
            return (f"bad indentation at line {number}: {_key(row)} is indented {indent} "
                    f"spaces, but the line above {_indent(lines[above])}; entries of one "
                    "mapping or list line up")
        return f"bad indentation at line {number}"
    return None


def _indent(row: str) -> int:
    """Where a line's content starts: after its spaces and any list dashes ("  - id" → 4)."""
    column = len(row) - len(row.lstrip(" "))
    while row[column:column + 2] == "- ":
        column += 2
        column += len(row[column:]) - len(row[column:].lstrip(" "))
    return column


def _line_above(lines: list[str], index: int) -> int | None:
    """The nearest earlier line that holds something besides a comment."""
    for i in range(min(index, len(lines)) - 1, -1, -1):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#"):
            return i
    return None


def _key(row: str) -> str:
    word = row.strip().removeprefix("- ").split(":", 1)[0].strip()
    return f"{short(word)!r}" if word else "this line"
