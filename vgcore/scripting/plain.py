"""The check that data handed to a card script is plain: strings, numbers, booleans, nil, and
dicts, lists and tuples of them — anything else would reach Lua as a Python object.

A module of its own so that it can be compiled (setup.py's COMPILED): every call of a card's
function hands Lua a snapshot of the game (a few hundred values), and the interpreted check
was about a third of the time a call took to convert it.
"""

from __future__ import annotations

import math
from typing import Any, Final

INT_MIN: Final = -(2**63)
INT_MAX: Final = 2**63 - 1
#: Integers this small are machine words to compiled code: compared without big-int work.
SMALL_INT: Final = 2**60
#: Deepest nesting of tables converted between Python and Lua.
MAX_DEPTH: Final = 100


def check_plain(value: Any, on_path: set[int], depth: int) -> None:
    """Refuse anything but plain data: every other object would reach Lua as a Python object."""
    kind = type(value)
    if kind is str or kind is float or kind is bool or value is None:
        return
    if kind is int:
        if not INT_MIN <= value <= INT_MAX:
            raise TypeError(f"integer {value} does not fit a Lua integer")
        return
    if kind is dict or kind is list or kind is tuple:
        if depth >= MAX_DEPTH or id(value) in on_path:
            raise TypeError("data handed to a card script must be a finite tree")
        on_path.add(id(value))
        if kind is dict:
            table: dict[Any, Any] = value  # typed: the compiled loop walks the dict directly
            for key, item in table.items():
                if type(key) is not str:
                    check_key(key)
                if not _scalar(item):
                    check_plain(item, on_path, depth + 1)
        elif kind is list:
            items: list[Any] = value
            for item in items:
                if not _scalar(item):
                    check_plain(item, on_path, depth + 1)
        else:
            row: tuple[Any, ...] = value
            for item in row:
                if not _scalar(item):
                    check_plain(item, on_path, depth + 1)
        on_path.discard(id(value))
        return
    # Subclasses (IntEnum, StrEnum) convert as their base type; anything else is refused.
    if isinstance(value, (bool, str, float)):
        return
    if isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise TypeError(f"integer {value} does not fit a Lua integer")
        return
    if isinstance(value, (dict, list, tuple)):
        raise TypeError(f"cannot hand a {kind.__name__} to a card script: use a plain "
                        "dict, list or tuple")
    raise TypeError(f"cannot hand a {kind.__name__} to a card script")


def check_scalars(values: tuple[Any, ...]) -> None:
    """Refuse anything but strings, numbers, booleans and nil: what a Lua function may be
    handed as its arguments (a list there would reach Lua as a Python object)."""
    for item in values:
        if _scalar(item):
            continue
        if isinstance(item, int):
            if not INT_MIN <= item <= INT_MAX:
                raise TypeError(f"integer {item} does not fit a Lua integer")
        elif not isinstance(item, (bool, str, float)):
            raise TypeError(f"cannot hand a {type(item).__name__} to a card script")


def _scalar(item: object) -> bool:
    """A string, float, boolean or nil: plain as it is (an int is checked for its range)."""
    kind = type(item)
    return kind is str or kind is float or kind is bool or item is None


def check_key(key: Any) -> None:
    """Table keys are strings or numbers (a NaN key does not exist in Lua)."""
    kind = type(key)
    if kind is str:
        return  # the usual keys, without the general checks below
    if kind is int:
        number: int = key
        if -SMALL_INT <= number <= SMALL_INT:
            return
    if isinstance(key, bool) or not isinstance(key, (str, int, float)):
        raise TypeError(f"table keys must be strings or numbers, not {key!r}")
    if isinstance(key, float) and math.isnan(key):
        raise TypeError("a table key cannot be NaN")
    if isinstance(key, int) and not INT_MIN <= key <= INT_MAX:
        raise TypeError(f"integer key {key} does not fit a Lua integer")
