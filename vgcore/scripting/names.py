"""The static check of the `vg.*` names a card script's source uses (DESIGN.md §4).

The `vg` tables refuse unknown names when a script runs (prelude.lua), but a name inside a
function body (a condition, an amount) only runs when a game reaches it — maybe never in
testing. So the loader also reads the source: every `vg.a.b` chain outside comments and
strings must name something the API (vg.lua plus the installed Lua libraries) defines; the
first unknown name of each chain is reported with its line, column and the closest name.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_LONG_OPEN = re.compile(r"\[(=*)\[")
_CHAIN = re.compile(r"(?<![\w.:])vg((?:[ \t]*\.[ \t]*[A-Za-z_]\w*)+)")
_PART = re.compile(r"\.[ \t]*([A-Za-z_]\w*)")
_SHADOWED = re.compile(r"\blocal\s+vg\b|\bfunction\s*\w*\s*\([^)]*\bvg\b")


@dataclass(frozen=True, slots=True)
class UnknownName:
    """One `vg.*` name the API does not define, where it is written."""

    name: str
    line: int
    column: int
    suggestion: str | None

    def message(self) -> str:
        hint = f"; did you mean {self.suggestion}?" if self.suggestion else ""
        return f"{self.name} does not exist{hint} (column {self.column})"


def unknown_vg_names(source: str, tree: Mapping[str, Any]) -> list[UnknownName]:
    """Every `vg.*` chain of `source` whose name is not in `tree` (see LuaSandbox.api_tree).

    A chain is checked while it walks through namespaces; past a function or a data table
    (`vg.when.attacks.event`) the rest is the value's own business. A script that binds its
    own `vg` is not checked.
    """
    if not tree:
        return []
    found = []
    for chain in vg_chains(source):
        node: Any = tree
        path = "vg"
        for key, at in chain:
            if not isinstance(node, Mapping):
                break
            if key not in node:
                starts = _line_starts(source)  # blanking kept every newline where it was
                line = _line_of(starts, at)
                close = difflib.get_close_matches(key, list(node), n=1, cutoff=0.6)
                found.append(UnknownName(f"{path}.{key}", line, at - starts[line - 1] + 1,
                                         f"{path}.{close[0]}" if close else None))
                break
            node = node[key]
            path = f"{path}.{key}"
    return found


Chain = tuple[tuple[str, int], ...]  # each name of a `vg.a.b` chain, with its offset


@lru_cache(maxsize=4096)
def vg_chains(source: str) -> tuple[Chain, ...]:
    """The `vg.*` chains of a source outside comments and strings (none when the script binds
    its own `vg`). Kept per text: every engine a process makes (each strict game, the smoke
    check's, `vgcore validate`'s) checks the same scripts, and blanking comments and strings
    is a character-by-character loop; the check against an API tree stays per call."""
    code = strip_comments_and_strings(source)
    if _SHADOWED.search(code):
        return ()
    return tuple(
        tuple((part.group(1), match.start(1) + part.start(1))
              for part in _PART.finditer(match.group(1)))
        for match in _CHAIN.finditer(code))


def strip_comments_and_strings(source: str) -> str:
    """The source with comments and string literals blanked out (newlines kept, so lines and
    columns stay where they were)."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("--", i):
            long = _LONG_OPEN.match(source, i + 2)
            if long:
                end = source.find("]" + long.group(1) + "]", long.end())
                end = n if end < 0 else end + len(long.group(1)) + 2
            else:
                end = source.find("\n", i)
                end = n if end < 0 else end
            out.append(_blank(source[i:end]))
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(c + _blank(source[i + 1:j]) + (c if j < n else ""))
            i = j + 1
        elif c == "[" and (long := _LONG_OPEN.match(source, i)):
            end = source.find("]" + long.group(1) + "]", long.end())
            end = n if end < 0 else end + len(long.group(1)) + 2
            out.append(_blank(source[i:end]))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _blank(text: str) -> str:
    return "".join(ch if ch == "\n" else " " for ch in text)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _line_of(starts: list[int], offset: int) -> int:
    lo, hi = 0, len(starts)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid
    return lo + 1
