"""Reading files that strangers wrote: card sets, formats, decks, scenarios and card scripts.

A card directory is hostile input (docs/architecture.md, "Hostile content"). Before a byte of
one of its files is parsed, the file must be

- inside the card directory: a symlink may point to a sibling file, never out of the
  directory (a `cards.yaml` linked to `/etc/passwd` is refused, its content never read);
- a regular file: a FIFO would block the reader for ever, a device (`/dev/zero`) never ends;
- at most `MAX_FILE_BYTES` long (`MAX_SCRIPT_BYTES` for a Lua script), checked before reading
  and again while reading (a file that grows meanwhile is refused too);
- UTF-8 text.

Each refusal is a `CardDataError` naming the file and saying why, never quoting the content.
Files a person names explicitly (a deck path on the command line) are checked the same way,
except that there is no directory for them to stay inside.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

from vgcore.errors import CardDataError

MAX_FILE_BYTES: Final = 2 << 20
"""Largest card file (cards.yaml, a format, a deck, a scenario): 2 MiB, some 7,500 cards (the
biggest built-in set is 26 KiB)."""
MAX_SCRIPT_BYTES: Final = 256 << 10
"""Largest card script (`<ID>.lua`): 256 KiB, a hundred times the longest built-in one."""

_KINDS: Final = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                 (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                 (stat.S_ISSOCK, "a socket"))


def read_card_text(path: str | Path, *, within: str | Path | None = None,
                   limit: int = MAX_FILE_BYTES) -> str:
    """The text of one card file, after the checks above; `within` is its card directory."""
    file = str(path)
    target = _contained(Path(path), within)
    try:
        info = os.stat(target)
    except OSError as exc:
        raise CardDataError(f"cannot read file: {exc.strerror or exc}", file) from None
    _check_kind(info, file, limit)
    data = _read_regular(target, info, file, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardDataError(f"file is not UTF-8 text: {exc.reason} at byte {exc.start}",
                            file) from None


def card_dir_of(path: str | Path) -> Path | None:
    """The card directory (one with a cards.yaml) a file sits in, looking up from the file as
    its path is written (symlinks not followed), no higher than a pyproject.toml's folder."""
    for directory in Path(os.path.abspath(path)).parents:
        if (directory / "cards.yaml").exists():
            return directory
        if (directory / "pyproject.toml").exists():
            return None
    return None


def _contained(path: Path, within: str | Path | None) -> Path:
    """The file's real path; with `within`, refused unless it lies inside that directory."""
    try:
        target = path.resolve()
        if within is None:
            return target
        root = Path(within).resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        raise CardDataError(f"cannot read file: {exc}", str(path)) from None
    if not target.is_relative_to(root):
        raise CardDataError(f"refused: a symlink that leads out of the card directory "
                            f"{within} (a card directory holds only its own files)", str(path))
    return target


def _check_kind(info: os.stat_result, file: str, limit: int) -> None:
    mode = info.st_mode
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise CardDataError(f"refused: {kind}, not a regular file (a card directory holds "
                            "only regular files)", file)
    if info.st_size > limit:
        raise CardDataError(f"refused: {info.st_size} bytes, more than the {limit} bytes a "
                            "card file may have", file)


def _read_regular(target: Path, info: os.stat_result, file: str, limit: int) -> bytes:
    """Read at most `limit` bytes of the file `info` describes; O_NONBLOCK so that a file
    swapped for a FIFO after the check cannot block the open."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        raise CardDataError(f"cannot read file: {exc.strerror or exc}", file) from None
    try:
        now = os.fstat(fd)
        if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
            raise CardDataError("refused: the file changed while it was being opened", file)
        _check_kind(now, file, limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise CardDataError(f"cannot read file: {exc.strerror or exc}", file) from None
    finally:
        os.close(fd)
    if size > limit:
        raise CardDataError(f"refused: more than the {limit} bytes a card file may have",
                            file)
    return b"".join(chunks)
