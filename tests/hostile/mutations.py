"""Deterministic mutations of a snapshot's JSON for the fuzz test (tests/hostile)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

Path = tuple[Any, ...]


def paths(value: Any, here: Path = ()) -> Iterator[Path]:
    """Every place in a JSON value, the value itself first."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*here, i))


def get(value: Any, path: Path) -> Any:
    for part in path:
        value = value[part]
    return value


REPLACEMENTS: tuple[Any, ...] = (None, "x", "", [], {}, True, False, 1.5, -1, 0, 10**30, [[]],
                                 {"k": None}, "VC", "A", "B", "Z")


def mutate(data: dict[str, Any], rnd: random.Random) -> tuple[str, Any]:
    """One mutation of a copy of `data`: (what was done, the result — a mapping, or JSON text
    when the mutation is a truncation)."""
    where = rnd.choice(list(paths(data["state"])))
    where = ("state", *where)
    out = copy.deepcopy(data)
    parent_path, key = where[:-1], where[-1]
    parent = get(out, parent_path)
    old = parent[key]
    how = rnd.choice(("number", "number", "uid", "delete", "duplicate", "type", "swap",
                      "truncate"))
    if how == "truncate":
        text = json.dumps(out)
        cut = rnd.randrange(len(text))
        return f"truncate at {cut}", text[:cut]
    if how == "number" and type(old) is int:
        parent[key] = rnd.choice((old + 1, old - 1, -old - 1, old * 7 + 3, 2**64, 2**63 - 1))
    elif how == "uid" and type(old) is int:
        parent[key] = rnd.randrange(-2, len(data["state"]["card_ids"]) + 2)
    elif how == "delete" and isinstance(parent, dict | list):
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif how == "duplicate" and isinstance(parent, dict):
        parent[f"{key}_copy"] = copy.deepcopy(old)
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rnd.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        how = "type"
        parent[key] = copy.deepcopy(rnd.choice(REPLACEMENTS))
    return f"{how} at {'.'.join(map(str, where))} (was {str(old)[:40]})", out
