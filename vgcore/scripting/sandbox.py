"""The Lua sandbox that runs untrusted card scripts.

Card skills are Lua scripts from card sets and plugins, so they are treated as hostile: each
one runs in its own environment holding only safe functions (see ``prelude.lua``), under an
instruction budget per call, a CPU-time backstop and a memory cap per runtime.  No Python
object is ever handed to Lua: data crosses the boundary as numbers, strings, booleans, nil
and Lua tables built here, so a script has no Python attribute to climb to ``__import__``.

The memory cap is only switched on while Lua code runs.  lupa's own conversions (building
tables, pushing strings, keeping references to returned tables) run outside any protected
call, and an allocation failure there aborts the whole process; so they all happen with the
cap lifted, and the protected entry points receive only values that need no allocation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

import lupa.lua54 as lua54

from vgcore.errors import BudgetExhausted, ScriptError
from vgcore.scripting.plain import (
    INT_MAX,
    INT_MIN,
    MAX_DEPTH,
    check_key,
    check_plain,
    check_scalars,
)

#: Chunk name of the privileged prelude; messages positioned there are re-located.
PRELUDE_CHUNKNAME = "=[vgcore sandbox]"
# Separates the installed Lua libraries from the card directories' ones in the API request.
CARD_LIBS_MARK = "\0card-directory libraries"
#: Largest string ``string.rep`` may build, in bytes.
REP_LIMIT = 2**20
#: Most values a single ``table.unpack`` or ``string.byte`` may return.
MAX_RESULTS = 256
#: Longest string a conversion to Python data may hand back, in bytes.
MAX_STRING = 64 * 2**10
#: Most bytes of strings one conversion may hand back: Lua shares a string between all the
#: tables that refer to it, Python gets a copy for each reference (`max_result_bytes`).
MAX_RESULT_BYTES = 2**20
#: Most fields of a `record_maker` record (Lua allows a function 200 local variables).
MAX_RECORD_FIELDS = 150
#: The prelude's message when a call stopped at its caller's budget (see `budget=`).
BUDGET_MESSAGE = "script budget exhausted"

_MEMORY_MESSAGE = "not enough memory"
_LUA_IDSIZE = 60  # Lua keeps this many bytes (less one) of a chunk name in messages
_POSITION = re.compile(r"^(.*?):(\d+): ", re.DOTALL)


@functools.cache
def _prelude_source() -> str:
    """The privileged Lua set-up (prelude.lua next to this module), read once."""
    return resources.files(__package__).joinpath("prelude.lua").read_text("utf-8")


def _refuse_attribute(obj: object, name: object, is_setting: bool) -> object:
    """lupa attribute filter: Lua may touch no Python attribute, ever."""
    raise AttributeError("Python attributes are not reachable from card scripts")


def _lua_chunkname(chunkname: str) -> str:
    """Lua's form of a chunk name: '=' keeps it verbatim in messages."""
    return chunkname if chunkname[:1] in ("=", "@") else "=" + chunkname


def _plain_chunkname(chunkname: str | None) -> str | None:
    """The chunk name as a person wrote it, without Lua's '=' or '@' marker."""
    if chunkname and chunkname[:1] in ("=", "@"):
        return chunkname[1:]
    return chunkname


def _key_order(item: tuple[Any, Any]) -> tuple[bool, Any]:
    """Dict key order of the safe ``pairs``: numbers ascending, then strings."""
    return isinstance(item[0], str), item[0]


def _pushes_without_allocating(arg: Any) -> bool:
    """Numbers, booleans, nil and Lua objects reach Lua without a Lua allocation."""
    kind = type(arg)
    if kind is float or kind is bool or arg is None:
        return True
    if kind is int:
        return INT_MIN <= arg <= INT_MAX
    return lua54.lua_type(arg) is not None


def _decode(codes: str, tokens: tuple[Any, ...]) -> list[Any]:
    """Rebuild Python data from the prelude's token stream (see ``export_into``)."""
    stream = iter(zip(codes, tokens, strict=True))

    def read() -> Any:
        code, token = next(stream)
        if code == "v" or code == "f":
            return token
        if code == "L":
            return [read() for _ in range(token)]
        pairs = [(read(), read()) for _ in range(token)]
        pairs.sort(key=_key_order)
        return dict(pairs)

    return read()


class LuaSandbox:
    """One Lua 5.4 runtime whose scripts each run in their own locked-down environment.

    ``instruction_limit`` bounds every ``load_script``/``call``/``to_python`` separately;
    a caller may give a lower ``budget=`` for one run (what is left of a larger budget it
    keeps), and reads the instructions each run used in ``last_used``.  ``time_limit``
    (process CPU seconds) only catches single instructions that copy huge strings, which the
    instruction count cannot see.  ``max_memory`` caps the whole runtime; ``max_string`` and
    ``max_result_bytes`` cap the strings a conversion to Python hands back, one by one and in
    total, so that a string the script shares between many tables cannot grow the host.

    Run script code only through ``call``: calling a lupa function object directly (or its
    ``.coroutine()``) runs it with no budget and no memory cap.  Reading lupa tables that
    scripts returned is safe.  One thread at a time: the budget state is per sandbox.
    """

    def __init__(self, *, max_memory: int = 64 * 2**20, instruction_limit: int = 2_000_000,
                 api_source: str | None = None, api_chunkname: str = "=vg",
                 api_libs: Sequence[tuple[str, str]] = (),
                 card_libs: Sequence[tuple[str, str]] = (),
                 time_limit: float = 1.0, max_string: int = MAX_STRING,
                 max_result_bytes: int = MAX_RESULT_BYTES) -> None:
        if min(max_memory, instruction_limit, time_limit, max_string, max_result_bytes) <= 0:
            raise ValueError("max_memory, instruction_limit, time_limit, max_string and "
                             "max_result_bytes must be positive")
        self.max_memory = max_memory
        self.instruction_limit = instruction_limit
        self.time_limit = time_limit
        self.last_used = 0  # instructions the last run used
        self._lua = lua54.LuaRuntime(
            register_eval=False, register_builtins=False, unpack_returned_tuples=True,
            attribute_filter=_refuse_attribute, max_memory=max_memory,
        )
        self._lua.set_max_memory(0)
        boot = self._lua.eval(
            "function(src, name, ...) return assert(load(src, name, 't'))(...) end"
        )
        entry = boot(_prelude_source(), PRELUDE_CHUNKNAME, instruction_limit, float(time_limit),
                     REP_LIMIT, MAX_RESULTS, MAX_DEPTH, max_string, max_result_bytes)
        self._run_call = entry.run_call
        self._run_export = entry.run_export
        self._run_load = entry.run_load
        self._fetch = entry.fetch
        self._take = entry.take
        self._function_line = entry.function_line
        self._readonly = entry.readonly
        self._env_slot = entry.env_slot
        self._renew_env = entry.renew_env
        self._record_maker = entry.record_maker
        self._disarm = entry.disarm
        self._api_names = entry.api_names
        self._spent = entry.spent
        self._api_tree: dict[str, Any] | None = None
        if api_source is not None:
            parts = [api_source, _lua_chunkname(api_chunkname)]
            for lib_source, lib_name in api_libs:  # Lua libraries that extend `vg`
                parts += [lib_source, _lua_chunkname(lib_name)]
            if card_libs:  # then the untrusted ones of card directories (prelude `api_body`)
                parts.append(CARD_LIBS_MARK)
                for lib_source, lib_name in card_libs:
                    parts += [lib_source, _lua_chunkname(lib_name)]
            request = self._lua.table_from(parts)
            status = self._guarded(entry.run_api, None, request)
            if not status[0]:
                raise self._error(status, None, _plain_chunkname(api_chunkname))

    @property
    def memory_used(self) -> int:
        """Bytes the runtime holds now (what ``max_memory`` caps)."""
        return int(self._lua.get_memory_used() or 0)

    def load_script(self, source: str, chunkname: str, *, card_id: str | None = None,
                    budget: int | None = None) -> Any:
        """Compile ``source`` as text in a fresh environment and run its top level.

        Returns the chunk's first result as a Lua value (a table stays a lupa table).
        """
        file = _plain_chunkname(chunkname)
        if not isinstance(source, str):
            raise TypeError("a card script's source must be a str")
        request = self._table_from([source, _lua_chunkname(chunkname)])
        status = self._guarded(self._run_load, budget, request, card_id=card_id, file=file)
        if not status[0]:
            raise self._error(status, card_id, file)
        if status[1]:
            return self._take()
        return status[2]

    def call(self, fn: Any, *args: Any, card_id: str | None = None,
             file: str | None = None, budget: int | None = None) -> Any:
        """Call a Lua function under the budget with plain-data (or Lua) arguments.

        Returns None for no result, the converted value for one, a tuple for several.
        """
        if lua54.lua_type(fn) is None:
            raise TypeError("call() runs Lua functions only, never Python callables")
        file = _plain_chunkname(file)
        if all(_pushes_without_allocating(arg) for arg in args):
            status = self._guarded(self._run_call, budget, fn, True, None, None, *args,
                                   card_id=card_id, file=file)
        else:
            for arg in args:
                if lua54.lua_type(arg) is None:
                    check_plain(arg, set(), 0)
            table = self._table_from(list(args))
            status = self._guarded(self._run_call, budget, fn, True, table, len(args),
                                   card_id=card_id, file=file)
        values = self._finish_export(status, card_id, file)
        if not values:
            return None
        if len(values) == 1:
            return values[0]
        return tuple(values)

    def to_python(self, value: Any, *, keep_functions: bool = True,
                  card_id: str | None = None, file: str | None = None) -> Any:
        """Lua value → Python data: lists for tables keyed exactly 1..n, else ordered dicts.

        Functions stay opaque lupa objects (for ``call``) when ``keep_functions``;
        ``card_id`` and ``file`` only label the ScriptError a value that cannot convert raises.
        """
        kind = lua54.lua_type(value)
        if kind is None:
            return value
        if kind == "function" and keep_functions:
            return value
        file = _plain_chunkname(file)
        status = self._guarded(self._run_export, None, value, keep_functions,
                               card_id=card_id, file=file)
        return self._finish_export(status, card_id, file)[0]

    def to_lua(self, value: Any, *, readonly: bool = False,
               shared: Mapping[Any, Any] | None = None) -> Any:
        """Plain Python data → a fresh Lua table (scalars pass through unchanged).

        With ``readonly`` the table comes behind a read-only view, so one snapshot can be
        handed to many calls without one script changing what the next one sees.
        ``shared`` adds entries to the table (a dict) whose values are Lua values this
        runtime holds already: they go in as they are, not copied, so a caller that keeps
        tables between conversions must hand them to scripts only behind a read-only view.
        """
        check_plain(value, set(), 0)
        if not isinstance(value, list | tuple | dict):
            return value
        if shared:
            if not isinstance(value, dict):
                raise TypeError("shared entries go into a dict")
            for key, item in shared.items():
                check_key(key)
                if lua54.lua_type(item) is None:
                    raise TypeError("a shared entry must be a Lua value of this runtime")
            value = {**value, **shared}
        table = self._table_from(value)
        return self._readonly(table) if readonly else table

    def api_tree(self) -> dict[str, Any]:
        """The `vg` API's names: namespace -> {name: sub-namespace dict, or None for a
        function or data table}; `{}` without an API. Built once per runtime."""
        if self._api_tree is None:
            tree: dict[str, Any] = {}
            spaces: dict[str, dict[str, Any]] = {}
            for row in str(self._api_names() or "").splitlines():
                mark, name = row.split(" ", 1)
                parent, _, last = name.rpartition(".")
                node: dict[str, Any] | None = {} if mark == "N" else None
                if node is not None:
                    spaces[name] = node
                if parent:
                    spaces[parent][last] = node
                else:
                    tree = node if node is not None else {}
            self._api_tree = tree
        return self._api_tree

    def function_line(self, fn: Any) -> int | None:
        """The line where a Lua function is defined, for error messages; None if unknown."""
        if lua54.lua_type(fn) != "function":
            return None
        line = self._function_line(fn)
        return int(line) if line is not None else None

    def stateless_slot(self, fn: Any) -> int | None:
        """Whether a Lua function from `load_script` keeps no state between calls, so that it
        may be called again without loading its script afresh: None if it may keep some;
        else 0 (it has no upvalue) or the upvalue index of its (still empty) environment,
        which `renew_env` replaces before each call."""
        slot = self._env_slot(fn)
        return None if slot is None else int(slot)

    def renew_env(self, fn: Any, slot: int) -> None:
        """Give a stateless function (`stateless_slot`) an empty environment of its own."""
        if slot:
            self._renew_env(fn, slot)

    def record_maker(self, fields: Sequence[str],
                     rest: str | None = None) -> Callable[[tuple[Any, ...]], Any]:
        """A converter of records of one shape, about three times as fast as `to_lua` on a
        dict: `make(values)` is the Lua table {fields[i] = values[i]}, with the values
        beyond the fields as a list under `rest`. Values must be scalars (strings, numbers,
        booleans, None), checked like `to_lua`'s."""
        for name in (*fields, *([rest] if rest is not None else [])):
            if not isinstance(name, str):
                raise TypeError("record fields are strings")
        if len(fields) > MAX_RECORD_FIELDS:  # each is a parameter of the Lua constructor
            raise ValueError(f"a record has at most {MAX_RECORD_FIELDS} fields")
        build = self._record_maker(self._table_from(list(fields)), rest)

        def make(values: tuple[Any, ...]) -> Any:
            check_scalars(values)
            try:
                return build(*values)
            except UnicodeEncodeError as exc:
                raise TypeError(f"a string cannot be encoded for Lua: {exc}") from None

        return make

    def _table_from(self, value: Any) -> Any:
        """A Lua table from checked data, built while the memory cap is lifted."""
        try:
            return self._lua.table_from(value, recursive=True)
        except UnicodeEncodeError as exc:
            raise TypeError(f"a string cannot be encoded for Lua: {exc}") from None

    def _guarded(self, entry: Any, budget: int | None, *args: Any, card_id: str | None = None,
                 file: str | None = None) -> tuple[Any, ...]:
        """Run a prelude entry point with the memory cap on; never leave the cap on. Keeps
        the instructions the run used in `last_used` (even when it failed)."""
        if budget is not None:
            budget = max(0, int(budget))
        self.last_used = 0
        self._lua.set_max_memory(self.max_memory)
        try:
            status = entry(budget, *args)
        except lua54.LuaMemoryError:
            self._lua.set_max_memory(0)
            self.last_used = int(self._spent())
            self._lua.set_max_memory(0)
            self._disarm()
            self._lua.gccollect()
            raise ScriptError(self._memory_message(), card_id, file) from None
        except lua54.LuaError as exc:
            self._lua.set_max_memory(0)
            self.last_used = int(self._spent())
            self._disarm()
            raise ScriptError(f"sandbox failure: {exc}", card_id, file) from None
        except UnicodeDecodeError:
            self.last_used = int(self._spent())
            raise ScriptError("a script produced a string that is not UTF-8", card_id,
                              file) from None
        finally:
            self._lua.set_max_memory(0)
        self.last_used = int(status[0])
        return status[1:]

    def _finish_export(self, status: tuple[Any, ...], card_id: str | None,
                       file: str | None) -> list[Any]:
        """Turn a run_call/run_export status into Python values or a ScriptError."""
        if not status[0]:
            raise self._error(status, card_id, file)
        codes, has_functions = status[1], status[2]
        if has_functions:
            try:
                tokens = self._fetch()
            except UnicodeDecodeError:
                raise ScriptError("a script produced a string that is not UTF-8", card_id,
                                  file) from None
            tokens = tokens if isinstance(tokens, tuple) else (tokens,)
        else:
            tokens = status[3:]
        return _decode(codes, tokens)

    def _error(self, status: tuple[Any, ...], card_id: str | None,
               file: str | None) -> ScriptError:
        """A ScriptError from a failed run: message, and the script's chunk and line."""
        message = status[1] if len(status) > 1 and isinstance(status[1], str) else "error"
        where = status[2] if len(status) > 2 else None
        line = status[3] if len(status) > 3 else None
        limit = status[4] if len(status) > 4 else None
        if limit is not None or message == _MEMORY_MESSAGE:
            # A script stopped by a limit usually leaves big garbage behind.
            self._lua.gccollect()
        if limit == _MEMORY_MESSAGE or message == _MEMORY_MESSAGE:
            message = self._memory_message()
        elif limit is not None:
            message = limit
        if where is None and line is None:
            match = _POSITION.match(message)
            if match:
                where, line, message = match.group(1), match.group(2), message[match.end():]
        where = _plain_chunkname(where)
        if where and file and len(where) >= _LUA_IDSIZE - 1 and file.startswith(where):
            where = file  # Lua cut a long chunk name short in its message
        kind = BudgetExhausted if limit == BUDGET_MESSAGE else ScriptError
        return kind(message, card_id, where or file, int(line) if line is not None else None)

    def _memory_message(self) -> str:
        return f"out of memory (the sandbox allows {self.max_memory} bytes)"
