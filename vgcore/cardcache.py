"""The card cache: a set's `cards.yaml` is parsed, checked and built once per content, and a
format or deck file is checked against its schema once per content.

Parsing YAML and checking every record against the card schema is most of what loading the
installed sets costs, and every command, host and test run loads them. The records a file
gives depend only on its bytes, its path (records name it in their `source`), the schema's
plugin fields and kinds, and this module's `CACHE_FORMAT`; so they are kept under the sha256 of
all of these, and a file whose key is found is not parsed again. A changed file has another key:
nothing is ever stale, and nothing needs invalidating.

Only files that loaded without a problem are kept, so a file found in the cache is one that
passed every check before, and loads exactly as it did. Entries are MessagePack of plain data
(msgspec), never pickle: a cache file is read as data, never run. A damaged one fails to
decode, and then the file is parsed as if there were no cache. The cache is trusted as the
user's own files are (it holds only what passed every check; a stranger's card directory can
only add entries for its own contents). A cache that cannot be written (read-only home,
full disk) is skipped in silence: it saves time, it never changes what is loaded.

Other YAML files read at start-up (formats, decks) are kept as their parsed documents, under
the sha256 of their path and text (`yamlio.load_yaml`), when plain data survives the round
trip unchanged. Checking them against their JSON Schema
costs jsonschema's import and its compiled validators: for those the cache keeps only that a
document passed (an empty file in `valid/`, named by the sha256 of the schema and the document),
so a document seen valid before is not checked again (`yamlio.check_schema(remember=True)`).
Scenario files are kept the same way, with the line and column where each scenario begins
(`testing.scenario.load_scenarios`): collection, the scenario runner and `validate`'s coverage
read all of them in every process, and only an error or a failure needs their other marks.

Where: `$VGCORE_CACHE_DIR` if set (`off` turns the cache off), else the user's cache directory
(`platformdirs.user_cache_dir("vgcore")`): card records in `cards/`, documents in `yaml/`,
marks of valid documents in `valid/`. Deleting any of it is always safe.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from vgcore.carddb import CardRecord

#: Bump when the records built from the same file change (a new CardRecord field, a new rule
#: in the loader): every entry made before is then never found again.
CACHE_FORMAT: Final = 1
ENV: Final = "VGCORE_CACHE_DIR"
OFF: Final = "off"
# The cache's folders: built card records, parsed YAML documents, documents seen valid.
CARDS, DOCUMENTS, VALID = "cards", "yaml", "valid"


def cache_root() -> Path | None:
    """The cache's directory, or None when the cache is off."""
    chosen = os.environ.get(ENV)
    if chosen == OFF:
        return None
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_cache_dir("vgcore"))


def cache_dir(folder: str = CARDS) -> Path | None:
    """One of the cache's folders, or None when the cache is off."""
    root = cache_root()
    return None if root is None else root / folder


def cache_key(text: str, file: Path | str, extra_fields: Mapping[str, dict] | None = None,
              extra_kinds: Iterable[str] = (), *, kind: str = "cards") -> str:
    """Everything that decides what is built from one file, as one digest."""
    digest = hashlib.sha256()
    for part in (f"vgcore-{kind}-{CACHE_FORMAT}", str(file),
                 repr(sorted((extra_fields or {}).items())), repr(tuple(extra_kinds)), text):
        encoded = part.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "little"))  # no two splits give the same bytes
        digest.update(encoded)
    return digest.hexdigest()


# What this process found or noted valid, per cache directory (None: the cache is off), so
# that a document is looked up on disk once.
_known_valid: set[tuple[Path | None, str]] = set()


def known_valid(key: str) -> bool:
    """Whether the document `key` names passed its schema before."""
    directory = cache_dir(VALID)
    if (directory, key) in _known_valid:
        return True
    if directory is None or not (directory / key).is_file():
        return False
    _known_valid.add((directory, key))
    return True


def remember_valid(key: str) -> None:
    """Note that the document `key` names passed its schema (on disk, if the cache is on)."""
    directory = cache_dir(VALID)
    _known_valid.add((directory, key))
    if directory is None:
        return
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / key).touch()
    except OSError:
        return  # a cache that cannot be written only costs time


def read_document(key: str) -> tuple[bool, Any]:
    """(True, the parsed document kept under `key`), or (False, None)."""
    directory = cache_dir(DOCUMENTS)
    if directory is None:
        return False, None
    import msgspec

    try:
        return True, msgspec.msgpack.decode((directory / f"{key}.msgpack").read_bytes())
    except (OSError, msgspec.DecodeError):
        return False, None


def write_document(key: str, document: Any) -> None:
    """Keep a parsed document, if MessagePack gives it back exactly as it is."""
    directory = cache_dir(DOCUMENTS)
    if directory is None:
        return
    import msgspec

    try:
        data = msgspec.msgpack.encode(document)
        if msgspec.msgpack.decode(data) != document:  # e.g. a set would come back a list
            return
    except (TypeError, ValueError, OverflowError, msgspec.EncodeError, msgspec.DecodeError):
        return  # not plain MessagePack data (a number beyond 64 bits, an odd type)
    _write_atomically(directory, f"{key}.msgpack", data)


def read_cached(key: str) -> list[CardRecord] | None:
    """The records kept under `key`, or None (not kept, cache off, or unreadable)."""
    directory = cache_dir()
    if directory is None:
        return None
    import msgspec

    try:
        data = (directory / f"{key}.msgpack").read_bytes()
        items = msgspec.msgpack.decode(data, type=list[dict[str, Any]])
        return [_record_from_data(item) for item in items]
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError,
            KeyError):
        return None


def write_cached(key: str, records: Iterable[CardRecord]) -> None:
    """Keep `records` under `key` (atomically: a reader sees the whole entry or none)."""
    directory = cache_dir()
    if directory is None:
        return
    import msgspec

    _write_atomically(directory, f"{key}.msgpack",
                      msgspec.msgpack.encode([_record_to_data(r) for r in records]))


def _write_atomically(directory: Path, name: str, data: bytes) -> None:
    """Write a cache entry so that a reader sees the whole entry or none."""
    import tempfile

    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, directory / name)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return  # a cache that cannot be written only costs time


def _record_to_data(record: CardRecord) -> dict[str, Any]:
    data = {f.name: getattr(record, f.name) for f in fields(record)
            if f.name not in ("extra", "source", "script")}
    data["extra"] = _thawed(record.extra)
    source = record.source
    data["source"] = None if source is None else [source.file, source.line, source.column]
    return data


def _record_from_data(data: dict[str, Any]) -> CardRecord:
    from vgcore.carddb import CardRecord, SourceRef, frozen_value

    source = data.pop("source")
    extra = data.pop("extra")
    return CardRecord(**data, extra=MappingProxyType({k: frozen_value(v)
                                                      for k, v in extra.items()}),
                      source=None if source is None else SourceRef(*source))


def _thawed(value: Any) -> Any:
    """A frozen extra field back as plain lists and dicts (what the YAML held)."""
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    return value
