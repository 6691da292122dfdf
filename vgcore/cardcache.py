"""The card cache: a set's `cards.yaml` is parsed, checked and built once per content.

Parsing YAML and checking every record against the card schema is most of what loading the
installed sets costs, and every command, host and test run loads them. The records a file
gives depend only on its bytes, its path (records name it in their `source`), the schema's
plugin fields and kinds, and this module's `CACHE_FORMAT`; so they are kept under the sha256 of
all of these, and a file whose key is found is not parsed again. A changed file has another key:
nothing is ever stale, and nothing needs invalidating.

Only files that loaded without a problem are kept, so a file found in the cache is one that
passed every check before, and loads exactly as it did. Entries are MessagePack of plain data
(msgspec), never pickle: a cache file is read as data, so a damaged or tampered one can only
fail to decode, and then the file is parsed as if there were no cache. A cache that cannot be
written (read-only home, full disk) is skipped in silence: it saves time, it never changes
what is loaded.

Where: `$VGCORE_CACHE_DIR` if set (`off` turns the cache off), else the user's cache directory
(`platformdirs.user_cache_dir("vgcore")`), in `cards/`. `vgcore cache clear` is not needed:
deleting the directory is always safe.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import msgspec

if TYPE_CHECKING:
    from vgcore.carddb import CardRecord

#: Bump when the records built from the same file change (a new CardRecord field, a new rule
#: in the loader): every entry made before is then never found again.
CACHE_FORMAT: Final = 1
ENV: Final = "VGCORE_CACHE_DIR"
OFF: Final = "off"

_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(list[dict[str, Any]]).decode


def cache_dir() -> Path | None:
    """The card cache's directory, or None when the cache is off."""
    chosen = os.environ.get(ENV)
    if chosen == OFF:
        return None
    if chosen:
        return Path(chosen) / "cards"
    import platformdirs

    return Path(platformdirs.user_cache_dir("vgcore")) / "cards"


def cache_key(text: str, file: Path, extra_fields: Mapping[str, dict] | None,
              extra_kinds: Iterable[str]) -> str:
    """Everything that decides the records built from one card file, as one digest."""
    digest = hashlib.sha256()
    for part in (f"vgcore-cards-{CACHE_FORMAT}", str(file),
                 repr(sorted((extra_fields or {}).items())), repr(tuple(extra_kinds)), text):
        encoded = part.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "little"))  # no two splits give the same bytes
        digest.update(encoded)
    return digest.hexdigest()


def read_cached(key: str) -> list[CardRecord] | None:
    """The records kept under `key`, or None (not kept, cache off, or unreadable)."""
    directory = cache_dir()
    if directory is None:
        return None
    try:
        data = (directory / f"{key}.msgpack").read_bytes()
        return [_record_from_data(item) for item in _decode(data)]
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError,
            KeyError):
        return None


def write_cached(key: str, records: Iterable[CardRecord]) -> None:
    """Keep `records` under `key` (atomically: a reader sees the whole entry or none)."""
    directory = cache_dir()
    if directory is None:
        return
    data = _encode([_record_to_data(r) for r in records])
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, directory / f"{key}.msgpack")
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
