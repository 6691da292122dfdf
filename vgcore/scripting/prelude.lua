-- vgcore sandbox prelude: privileged set-up run once per LuaSandbox, before any card script.
--
-- It captures the real library functions in locals, builds the safe functions that card
-- scripts see, then returns the entry points the host calls (see sandbox.py).  Everything a
-- script can reach is built here; nothing from the host's Python side is ever handed to Lua.
-- Card scripts never see this chunk's locals: they get only the environment new_env builds.

local instruction_limit, time_limit, rep_limit, max_results, max_depth, max_string,
      max_result_bytes = ...

-- The real functions, captured before anything is hidden.
local debug_sethook, debug_getinfo = debug.sethook, debug.getinfo
local debug_getupvalue, debug_setupvalue = debug.getupvalue, debug.setupvalue
local real_pcall, real_xpcall, real_error, real_load = pcall, xpcall, error, load
local real_tostring, real_type, real_next, real_select = tostring, type, next, select
local real_rawlen, real_ipairs, real_tonumber, real_rawequal = rawlen, ipairs, tonumber, rawequal
local setmetatable, getmetatable, rawget, rawset = setmetatable, getmetatable, rawget, rawset
local clock, gc_count = os.clock, collectgarbage
local math_type = math.type
-- Real string and table functions, called as fields so that Lua's own argument errors name
-- them the way a script wrote them ("bad argument #1 to 'rep'").
local S = {}
for _, name in real_ipairs({"byte", "char", "find", "format", "len", "lower", "match",
                             "rep", "reverse", "sub", "upper"}) do
  S[name] = string[name]
end
local T = {}
for _, name in real_ipairs({"concat", "insert", "pack", "remove", "sort", "unpack"}) do
  T[name] = table[name]
end
local type, select, tbl_unpack, tbl_concat = real_type, real_select, table.unpack, table.concat

-- Messages the host recognises; the strings are interned, so comparing them is cheap.
local MEMERR = "not enough memory"
local MAX_MESSAGE = 2000  -- longer error messages are cut: a script controls their size
local LIMIT_MSG = "instruction limit exceeded (" .. instruction_limit .. " instructions)"
-- A caller's budget lower than the per-call limit (e.g. what is left of a game's budget for
-- one decision) ends the call with this message instead; the host tells the two apart.
local BUDGET_MSG = "script budget exhausted"
local TIME_MSG = "time limit exceeded (" .. real_tostring(time_limit) .. " s of CPU)"
local PRELUDE_SOURCE = debug_getinfo(1, "S").source
local PRELUDE_SHORT = debug_getinfo(1, "S").short_src

-------------------------------------------------------------------------------------------
-- Budget: a count hook adds up instructions; C functions whose work is not counted by the
-- hook (sorting, searching, copying) charge an estimate of their cost to the same budget.
-- The CPU-time check is a backstop for single instructions that copy huge strings.

-- A short period keeps the time check close behind a string-copying loop; the clock itself
-- is a system call, so it is read every tick only while memory is large enough to hold
-- strings whose copying makes single instructions slow, and every fourth tick otherwise.
local period = instruction_limit < 250 and instruction_limit or 250
if period < 1 then period = 1 end
local BIG_MEMORY_KB = 4096
local used, fatal, deadline, ticks = 0, nil, nil, 0
local call_limit, call_limit_msg = instruction_limit, LIMIT_MSG
local err_file, err_line = nil, nil
local exempt = {}  -- privileged frames the hook must never interrupt (set below)

local function trip(msg)
  -- Sticky: once a limit is hit every later hook fires again, and the safe pcall re-raises.
  fatal = msg
  local frame = debug_getinfo(3, "f")
  if frame and exempt[frame.func] then return end
  real_error(msg, 3)
end

local function hook()
  if fatal then trip(fatal) return end
  used = used + period
  if used > call_limit then trip(call_limit_msg) return end
  ticks = ticks + 1
  if ticks >= 4 or gc_count("count") > BIG_MEMORY_KB then
    ticks = 0
    local now = clock()
    if deadline == nil then
      deadline = now + time_limit
    elseif now > deadline then
      trip(TIME_MSG)
    end
  end
end

-- A sandbox violation (writing the API, an oversized result): sticky like a limit, so no
-- pcall can swallow it.  `level` counts from the caller of violation, as error's does.
local function violation(msg, level)
  fatal = msg
  real_error(msg, level + 1)
end

-- Charge `cost` instruction units for work done in C; raised at the script's line.
local function charge(cost)
  used = used + cost
  if used > call_limit then
    fatal = call_limit_msg
    real_error(call_limit_msg, 3)
  end
end

-------------------------------------------------------------------------------------------
-- Safe base functions.

-- Type names instead of addresses: "table: 0x55..." differs between processes.
local function safe_tostring(v)
  local t = type(v)
  if t == "string" or t == "number" or t == "boolean" or t == "nil" then
    return real_tostring(v)
  end
  return t
end

local function safe_error(msg, level)
  if type(msg) ~= "string" then msg = safe_tostring(msg) end
  if type(level) ~= "number" then level = 1 end
  if level > 0 then level = level + 1 end
  real_error(msg, level)
end

local function safe_assert(v, msg, ...)
  if not v then
    if msg == nil then msg = "assertion failed!" end
    if type(msg) ~= "string" then msg = safe_tostring(msg) end
    real_error(msg, 2)
  end
  return v, msg, ...
end

-- pcall/xpcall that cannot swallow a limit, out-of-memory or sandbox error.
-- A caught error costs far more than the few instructions the hook sees (the message is
-- built, the stack unwound), so it is charged as ERROR_COST instructions.
local ERROR_COST = 100

local function settle(ok, ...)
  if fatal then real_error(fatal, 0) end
  if not ok then
    if (...) == MEMERR then
      fatal = MEMERR
      real_error(MEMERR, 0)
    end
    charge(ERROR_COST)
  end
  return ok, ...
end

local function safe_pcall(f, ...)
  return settle(real_pcall(f, ...))
end

-- An error raised by the count hook reaches the message handler while Lua still has hooks
-- switched off, so the script's handler must not run then: it could loop forever.
local function safe_xpcall(f, handler, ...)
  local function guarded(msg)
    if fatal then return msg end
    return handler(msg)
  end
  return settle(real_xpcall(f, guarded, ...))
end

-- Key order of the safe pairs: numbers ascending, then strings, then other types by name.
local RANK = {number = 1, string = 2, boolean = 3, ["function"] = 4, table = 5,
              thread = 6, userdata = 7}

local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb then
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return b and not a end
    return false  -- tables and functions have no order that survives a new process
  end
  return RANK[ta] < RANK[tb]
end

local proxied = setmetatable({}, {__mode = "k"})  -- read-only view -> the table it shows

local function safe_pairs(t)
  if type(t) ~= "table" then
    real_error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
  end
  local source = proxied[t] or t
  local keys, n, kind, mixed = {}, 0, nil, false
  for k in real_next, source do
    n = n + 1
    keys[n] = k
    local tk = type(k)
    if kind == nil then kind = tk elseif tk ~= kind then mixed = true end
  end
  if n > 1 then
    if mixed or (kind ~= "number" and kind ~= "string") then
      T.sort(keys, key_less)
    else
      local log = 1
      while 2 ^ log < n do log = log + 1 end
      charge(n * log)
      T.sort(keys)
    end
  end
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local k = keys[i]
      local v = t[k]
      if v ~= nil then return k, v end
    end
    return nil
  end
end

-------------------------------------------------------------------------------------------
-- Read-only views: scripts see the API table and the libraries through these.

local function deny(_, key)
  violation("attempt to modify a read-only table (key '" .. safe_tostring(key) .. "')", 2)
end

local view_of = setmetatable({}, {__mode = "k"})  -- table -> its read-only view

-- A live, deep read-only view: nested tables are viewed too, so `vg.a.b = 1` fails as well.
local function readonly(t)
  if proxied[t] then return t end
  local view = view_of[t]
  if view then return view end
  view = setmetatable({}, {
    __index = function(_, key)
      local v = t[key]
      if type(v) == "table" then return readonly(v) end
      return v
    end,
    __newindex = deny,
    __len = function() return #t end,
    __metatable = "locked",
  })
  view_of[t] = view
  proxied[view] = t
  return view
end

-- The `vg` API's namespaces (vg itself, vg.when, vg.cost, vg.common, ...: tables whose values
-- are all functions or tables) refuse unknown names, so a misspelt `vg.when.placed_slef` fails
-- where it is written instead of passing nil on; their data tables (vg.when.attacks) read
-- like any read-only view.

local function is_namespace(t)
  local any = false
  for _, v in real_next, t do
    local tv = type(v)
    if tv ~= "function" and tv ~= "table" then return false end
    any = true
  end
  return any
end

-- Edit distance, for did-you-mean suggestions (only computed for a name that is missing).
local function distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = {[0] = i}
    local ca = S.byte(a, i)
    for j = 1, #b do
      local cost = (ca == S.byte(b, j)) and 0 or 1
      local best = prev[j] + 1
      if cur[j - 1] + 1 < best then best = cur[j - 1] + 1 end
      if prev[j - 1] + cost < best then best = prev[j - 1] + cost end
      cur[j] = best
    end
    prev = cur
  end
  return prev[#b]
end

local function closest(t, key)
  local best, best_d = nil, nil
  for k in real_next, t do
    if type(k) == "string" then
      local d = distance(S.lower(key), S.lower(k))
      if (best_d == nil or d < best_d or (d == best_d and k < best)) then best, best_d = k, d end
    end
  end
  if best and best_d <= (#key // 3 > 2 and #key // 3 or 2) then return best end
  return nil
end

local function unknown_name(path, t, key)
  local name = path .. "." .. safe_tostring(key)
  local hint = type(key) == "string" and closest(t, key) or nil
  if hint then
    return name .. " does not exist; did you mean " .. path .. "." .. hint .. "?"
  end
  return name .. " does not exist (see docs/lua-api.md for the names of " .. path .. ")"
end

local api_view_of = setmetatable({}, {__mode = "k"})

local function api_view(t, path)
  if not is_namespace(t) then return readonly(t) end
  local view = api_view_of[t]
  if view then return view end
  view = setmetatable({}, {
    __index = function(_, key)
      local v = t[key]
      if v == nil then real_error(unknown_name(path, t, key), 2) end
      if type(v) == "table" then return api_view(v, path .. "." .. safe_tostring(key)) end
      return v
    end,
    __newindex = deny,
    __len = function() return #t end,
    __metatable = "locked",
  })
  api_view_of[t] = view
  proxied[view] = t
  return view
end

-- Every name of the API as lines "N vg.when" (a namespace) or "D vg.when.attacks" (anything
-- else), for the host's static check of the names a script's source uses.
local function api_names(t, path, out)
  out[#out + 1] = "N " .. path
  local keys = {}
  for k in real_next, t do
    if type(k) == "string" then keys[#keys + 1] = k end
  end
  T.sort(keys)
  for _, k in real_ipairs(keys) do
    local v = t[k]
    do
      local name = path .. "." .. k
      if type(v) == "table" and is_namespace(v) then
        api_names(v, name, out)
      else
        out[#out + 1] = "D " .. name
      end
    end
  end
  return out
end

-- A faster read-only view for the libraries, whose fields are all functions or numbers.
local function readonly_flat(t)
  local view = setmetatable({}, {__index = t, __newindex = deny, __metatable = "locked"})
  proxied[view] = t
  return view
end

-------------------------------------------------------------------------------------------
-- Safe string library: no pattern engine (its C loops are out of the hook's reach), a
-- plain-text find, a capped rep, and costs charged for the work each function does in C.

local function bytes_cost(n)
  return n // 16 + 1
end

-- Always tail-called by a wrapper, so level 2 is the script that called the wrapper.
local function checked_results(...)
  local n = select("#", ...)
  charge(n)
  if n > max_results then
    violation("too many results (the sandbox allows " .. max_results .. ")", 2)
  end
  return ...
end

local function string_length(v)
  local t = type(v)
  if t == "string" then return #v end
  if t == "number" then return #real_tostring(v) end
  return 0
end

local safe_string = {
  len = S.len,
  char = S.char,
}

function safe_string.byte(s, i, j)
  return checked_results(S.byte(s, i, j))
end

function safe_string.lower(s)
  local r = S.lower(s)
  charge(bytes_cost(#r))
  return r
end

function safe_string.upper(s)
  local r = S.upper(s)
  charge(bytes_cost(#r))
  return r
end

function safe_string.reverse(s)
  local r = S.reverse(s)
  charge(bytes_cost(#r))
  return r
end

function safe_string.sub(s, i, j)
  local r = S.sub(s, i, j)
  charge(bytes_cost(#r))
  return r
end

function safe_string.rep(s, n, sep)
  if type(n) == "number" and n > 1 then
    local piece = string_length(s) + string_length(sep)
    local total = piece * (n + 0.0)
    if total > rep_limit then
      violation("string.rep result too large (the sandbox allows " .. rep_limit
                .. " bytes)", 2)
    end
    if piece == 0 then
      -- Lua's own loop would run n times copying nothing, out of the hook's reach.
      return S.rep(s, 1, sep)
    end
    charge(bytes_cost(total // 1))
  end
  return S.rep(s, n, sep)
end

-- Always plain: the fourth argument is ignored, magic characters match themselves.
function safe_string.find(s, pattern, init)
  charge((string_length(s) // 4 + 1) * (string_length(pattern) // 32 + 1))
  return S.find(s, pattern, init, true)
end

local PERCENT, LOWER_P = 37, 112
local FORMAT_FLAG = {[45] = true, [43] = true, [32] = true, [35] = true, [46] = true}

function safe_string.format(fmt, ...)
  if type(fmt) == "string" then
    -- '%p' prints addresses, which differ between processes.
    local pos = 1
    while true do
      local at = S.find(fmt, "%", pos, true)
      if not at then break end
      local k = at + 1
      local c = S.byte(fmt, k)
      if c == PERCENT then
        pos = k + 1
      else
        while c and (FORMAT_FLAG[c] or (c >= 48 and c <= 57)) do
          k = k + 1
          c = S.byte(fmt, k)
        end
        if c == LOWER_P then
          violation("bad argument to 'format' ('%p' is not available in the sandbox)", 2)
        end
        pos = k + 1
      end
    end
  end
  local n = select("#", ...)
  for i = 1, n do
    local t = type((select(i, ...)))
    if t ~= "string" and t ~= "number" and t ~= "boolean" and t ~= "nil" then
      -- '%s' of a table would print its address: pass its type name instead.
      local args = {...}
      for j = i, n do args[j] = safe_tostring(args[j]) end
      local r = S.format(fmt, tbl_unpack(args, 1, n))
      charge(bytes_cost(#r))
      return r
    end
  end
  local r = S.format(fmt, ...)
  charge(bytes_cost(#r))
  return r
end

-------------------------------------------------------------------------------------------
-- Safe table library: the same functions, charging for the elements they move.

local function length_of(t)
  if type(t) == "table" then return #t end
  return 0
end

local function log2_ceil(n)
  local log = 1
  while 2 ^ log < n do log = log + 1 end
  return log
end

local safe_table = {pack = T.pack}

function safe_table.insert(t, ...)
  if select("#", ...) >= 2 then charge(length_of(t) * 2 + 1) end
  return T.insert(t, ...)
end

function safe_table.remove(t, ...)
  charge(length_of(t) * 2 + 1)
  return T.remove(t, ...)
end

function safe_table.concat(t, sep, i, j)
  charge(length_of(t) + 1)
  local r = T.concat(t, sep, i, j)
  charge(bytes_cost(#r))
  return r
end

function safe_table.sort(t, less)
  local n = length_of(t)
  if n > 1 then charge(n * log2_ceil(n)) end
  return T.sort(t, less)
end

function safe_table.unpack(t, i, j)
  local first, last = i, j
  if first == nil then first = 1 end
  if last == nil and type(t) == "table" then last = #t end
  if type(first) == "number" and type(last) == "number" and last - first >= max_results then
    violation("too many results to unpack (the sandbox allows " .. max_results .. ")", 2)
  end
  return checked_results(T.unpack(t, i, j))
end

local safe_math = {}
for name, value in real_next, math do
  if name ~= "random" and name ~= "randomseed" then safe_math[name] = value end
end

-------------------------------------------------------------------------------------------
-- Lock the string metatable: ("x"):dump() and ("x"):gsub() must find the safe table.

local STRING_VIEW = readonly_flat(safe_string)
local string_meta = getmetatable("")
string_meta.__index = STRING_VIEW
string_meta.__metatable = "locked"

-- What every script environment sees (through __index: a script's own globals stay its own).
local BASE = {
  assert = safe_assert, error = safe_error, ipairs = real_ipairs, next = real_next,
  pairs = safe_pairs, pcall = safe_pcall, xpcall = safe_xpcall, rawequal = real_rawequal,
  rawlen = real_rawlen, select = real_select, tonumber = real_tonumber,
  tostring = safe_tostring, type = real_type,
  string = STRING_VIEW, table = readonly_flat(safe_table), math = readonly_flat(safe_math),
  _VERSION = _VERSION,
}
local ENV_META = {__index = BASE, __metatable = "locked"}

local api_sources = {}  -- chunk names of the API sources (vg.lua and Lua libraries) that ran

-- The line of the innermost card-script frame (not the API's, not the prelude's): where a
-- declaration was written, whatever tail calls the API made to build it.
local function script_line()
  for level = 2, 40 do
    local info = debug_getinfo(level, "Sl")
    if not info then return nil end
    if info.what ~= "C" and info.source ~= PRELUDE_SOURCE and not api_sources[info.source] then
      if info.currentline > 0 then return info.currentline end
      return nil
    end
  end
  return nil
end

-- The API source also gets a few trusted helpers that scripts must not have.
local API_BASE = setmetatable({
  setmetatable = setmetatable, getmetatable = getmetatable, rawget = rawget, rawset = rawset,
  readonly = readonly, script_line = script_line, _VG_LINE_OF = script_line,
}, {__index = BASE, __metatable = "locked"})
local API_ENV_META = {__index = API_BASE, __metatable = "locked"}

local script_envs = setmetatable({}, {__mode = "k"})  -- the environments new_env made

local function new_env()
  local env = setmetatable({}, ENV_META)
  script_envs[env] = true
  return env
end

-- Whether a card function keeps no state of its own between calls, so that the host may
-- call it again rather than load its script afresh: it has no upvalue but its script's
-- environment, and the script's top level left that environment empty (defined no
-- globals). Returns 0 for no upvalue at all, the environment's upvalue index for the other
-- case (renew_env gives the function an empty environment before each call, so whatever
-- globals a call set are gone by the next), nil when the function may keep state.
local function env_slot(fn)
  if type(fn) ~= "function" then return nil end
  local slot = 0
  local i = 1
  while true do
    local name, value = debug_getupvalue(fn, i)
    if name == nil then return slot end
    if name ~= "_ENV" or slot ~= 0 or not script_envs[value] or real_next(value) ~= nil then
      return nil
    end
    slot = i
    i = i + 1
  end
end

-- A constructor of records of one shape for the host: make(v1, …, vn, …) builds
-- {f1 = v1, …, fn = vn, rest = {…}} in one call, far cheaper for the host than converting a
-- dict key by key. The host hands it checked scalars only; scripts never see it.
local function record_maker(fields, rest)
  local params, parts = {}, {}
  for i = 1, #fields do
    if type(fields[i]) ~= "string" then real_error("a record field must be a string", 0) end
    params[i] = "a" .. i
    parts[i] = "[" .. S.format("%q", fields[i]) .. "] = a" .. i
  end
  params[#params + 1] = "..."
  if rest ~= nil then
    if type(rest) ~= "string" then real_error("a record field must be a string", 0) end
    parts[#parts + 1] = "[" .. S.format("%q", rest) .. "] = {...}"
  end
  local source = "return function(" .. tbl_concat(params, ", ") .. ") return {"
                 .. tbl_concat(parts, ", ") .. "} end"
  local chunk, err = real_load(source, "=record", "t", {})
  if not chunk then real_error(err, 0) end
  return chunk()
end

local function renew_env(fn, slot)
  if slot > 0 then debug_setupvalue(fn, slot, new_env()) end
end

-------------------------------------------------------------------------------------------
-- Export: a Lua value becomes a flat stream of tokens the host rebuilds into Python data.
-- codes[i] says what tokens[i] is: 'v' a plain value, 'f' a function, 'L' a list of
-- tokens[i] items, 'D' a table of tokens[i] key/value pairs.  Done here, under the budget,
-- so that a huge or cyclic result costs the script, not the host.

local SCALAR = {string = true, number = true, boolean = true}

-- Lua shares a string however many tables refer to it; the host makes a copy for every
-- reference. So strings handed back are capped one by one and in total per conversion,
-- which bounds the host's memory whatever the script built inside its own cap.
local export_bytes = 0

local function count_string(v)
  local len = #v
  if len > max_string then
    real_error("cannot hand back a string of " .. len .. " bytes (the sandbox allows "
               .. max_string .. ")", 0)
  end
  export_bytes = export_bytes + len
  if export_bytes > max_result_bytes then
    real_error("result too large to convert (more than " .. max_result_bytes
               .. " bytes of strings)", 0)
  end
end

-- Appends the tokens of `v` after position n; returns the last position written.
local function export_into(out, codes, v, keep_functions, depth, on_path, n)
  local t = type(v)
  n = n + 1
  if SCALAR[t] or t == "nil" then
    if t == "string" then count_string(v) end
    codes[n], out[n] = "v", v
    return n
  elseif t == "function" then
    if not keep_functions then real_error("cannot convert a function to data", 0) end
    codes[n], out[n], out.functions = "f", v, true
    return n
  elseif t ~= "table" then
    real_error("cannot convert a value of type " .. t, 0)
  end
  local source = proxied[v] or v
  if on_path[source] then real_error("cannot convert a table that contains itself", 0) end
  if depth >= max_depth then
    real_error("cannot convert tables nested more than " .. max_depth .. " deep", 0)
  end
  on_path[source] = true
  local len, count, in_range = real_rawlen(source), 0, true
  for k in real_next, source do
    count = count + 1
    if in_range and not (math_type(k) == "integer" and k >= 1 and k <= len) then
      in_range = false
    end
  end
  if in_range and count == len then
    codes[n], out[n] = "L", len
    for i = 1, len do
      local item = rawget(source, i)
      local ti = type(item)
      if SCALAR[ti] then
        if ti == "string" then count_string(item) end
        n = n + 1
        codes[n], out[n] = "v", item
      else
        n = export_into(out, codes, item, keep_functions, depth + 1, on_path, n)
      end
    end
  else
    codes[n], out[n] = "D", count
    for k, item in real_next, source do
      local tk = type(k)
      if tk ~= "string" and tk ~= "number" then
        real_error("cannot convert a table with a " .. tk .. " key", 0)
      end
      if tk == "string" then count_string(k) end
      n = n + 1
      codes[n], out[n] = "v", k
      local ti = type(item)
      if SCALAR[ti] then
        if ti == "string" then count_string(item) end
        n = n + 1
        codes[n], out[n] = "v", item
      else
        n = export_into(out, codes, item, keep_functions, depth + 1, on_path, n)
      end
    end
  end
  on_path[source] = nil
  return n
end

local pending = nil  -- tokens the host fetches once the memory cap is lifted

-- All results as one list, so the host knows how many there were.
local function export_results(keep_functions, ...)
  local count = select("#", ...)
  local out, codes, on_path = {count, functions = false}, {"L"}, {}
  export_bytes = 0
  local n = 1
  for i = 1, count do
    n = export_into(out, codes, (select(i, ...)), keep_functions, 0, on_path, n)
  end
  if n > max_results * 1000 then real_error("result too large to convert", 0) end
  out.n = n
  return out, tbl_concat(codes)
end

-------------------------------------------------------------------------------------------
-- Error location: the innermost script frame, or the position Lua put in the message.

local function on_error(msg)
  debug_sethook()
  if type(msg) ~= "string" then msg = safe_tostring(msg) end
  local head = S.sub(msg, 1, 400)
  local src, line, rest = S.match(head, "^(.-):(%d+): ()")
  line = real_tonumber(line)
  local innermost = nil
  local located = false
  for level = 2, 60 do
    local info = debug_getinfo(level, "Sl")
    if not info then break end
    if info.what ~= "C" and info.source ~= PRELUDE_SOURCE then
      if innermost == nil then innermost = info end
      if src ~= nil and info.short_src == src and info.currentline == line then
        err_file, err_line, located = info.source, line, true
        break
      end
    end
  end
  if src ~= nil and not located and src ~= PRELUDE_SHORT then
    err_file, err_line, located = src, line, true
  end
  if src ~= nil then msg = S.sub(msg, rest) end
  if #msg > MAX_MESSAGE then msg = S.sub(msg, 1, MAX_MESSAGE) .. "..." end
  if not located and innermost then
    err_file, err_line = innermost.source, innermost.currentline
  end
  return msg
end

local function failure(msg)
  return false, msg, err_file, err_line, fatal
end

-- `limit`: the caller's budget for this call, if lower than the per-call limit.
local function arm(limit)
  used, fatal, deadline, ticks, err_file, err_line = 0, nil, nil, 0, nil, nil
  if limit ~= nil and limit < instruction_limit then
    call_limit, call_limit_msg = limit, BUDGET_MSG
  else
    call_limit, call_limit_msg = instruction_limit, LIMIT_MSG
  end
end

-- Entry points the host calls.  Each runs its body under the hook and returns a flat
-- status: (true, ...) or (false, message, file, line, limit message or nil).

local function call_body(fn, keep_functions, args, nargs, ...)
  if args then return export_results(keep_functions, fn(tbl_unpack(args, 1, nargs))) end
  return export_results(keep_functions, fn(...))
end

local function finish_export(ok, out, codes)
  if not ok then return failure(out) end
  if out.functions then
    pending = out
    return true, codes, true
  end
  return true, codes, false, tbl_unpack(out, 1, out.n)
end

-- Every entry point returns the instructions its run used first, then its status.
local function run_call(limit, fn, keep_functions, args, nargs, ...)
  arm(limit)
  debug_sethook(hook, "", period)
  local ok, out, codes = real_xpcall(call_body, on_error, fn, keep_functions, args, nargs, ...)
  debug_sethook()
  return used, finish_export(ok, out, codes)
end

local function run_export(limit, value, keep_functions)
  arm(limit)
  debug_sethook(hook, "", period)
  local ok, out, codes = real_xpcall(export_results, on_error, keep_functions, value)
  debug_sethook()
  return used, finish_export(ok, out, codes)
end

local function fetch()
  local out = pending
  pending = nil
  return tbl_unpack(out, 1, out.n)
end

local function load_body(request)
  local chunk, err = real_load(request[1], request[2], "t", new_env())
  if not chunk then real_error(err, 0) end
  return (chunk())
end

local function finish_load(ok, value)
  if not ok then return failure(value) end
  local t = type(value)
  if t == "table" or t == "function" then
    pending = value
    return true, true
  end
  return true, false, value
end

-- request = {source, chunkname}: built by the host while the memory cap is lifted.
local function run_load(limit, request)
  arm(limit)
  debug_sethook(hook, "", period)
  local ok, value = real_xpcall(load_body, on_error, request)
  debug_sethook()
  return used, finish_load(ok, value)
end

-- request = {source1, name1, source2, name2, ...}: the vg API first, then Lua libraries that
-- add to it (card_scripts/lib, plugins). All run in one privileged env sharing `vg`; the first
-- chunk may return the table that becomes `vg`.
local api_table = nil  -- the raw `vg` (for api_names)

local CARD_LIBS_MARK = "\0card-directory libraries"

-- What a card directory's library (DIR/lib/*.lua, untrusted like its scripts) sees as `vg`:
-- the read-only API, into which it may only add new top-level names (vg.mylib = {...}); it
-- can never replace or change what vg.lua, the installed libraries or an earlier library put
-- there. It runs with the scripts' safe functions only.
local api_sealed = false  -- set once the API is built: from then on `vg` never changes

local function card_library_vg(vg)
  local view = api_view(vg, "vg")
  return setmetatable({}, {
    __index = view,
    __newindex = function(_, key, value)
      if api_sealed then real_error("vg is read-only", 2) end
      if real_type(key) ~= "string" or rawget(vg, key) ~= nil then
        real_error("vg." .. safe_tostring(key) .. " already exists: a card directory's "
                   .. "library may only add new names to vg", 2)
      end
      rawset(vg, key, value)
    end,
    __metatable = "locked",
  })
end

local function api_body(request)
  local env = setmetatable({}, API_ENV_META)
  local vg = {}
  env.vg = vg
  local i, untrusted = 1, false
  while i <= #request do
    if request[i] == CARD_LIBS_MARK then
      untrusted = true
      i = i + 1
    else
      api_sources[request[i + 1]] = true
      local lib_env = env
      if untrusted then lib_env = setmetatable({vg = card_library_vg(vg)}, ENV_META) end
      local chunk, err = real_load(request[i], request[i + 1], "t", lib_env)
      if not chunk then real_error(err, 0) end
      local result = chunk()
      if i == 1 and type(result) == "table" then
        vg = result
        env.vg = vg
      end
      i = i + 2
    end
  end
  BASE.vg = api_view(vg, "vg")
  api_table = vg
  api_sealed = true
end

local function run_api(limit, request)
  arm(limit)
  debug_sethook(hook, "", period)
  local ok, msg = real_xpcall(api_body, on_error, request)
  debug_sethook()
  if not ok then return used, failure(msg) end
  return used, true
end

local function take()
  local value = pending
  pending = nil
  return value
end

local function function_line(fn)
  if type(fn) ~= "function" then return nil end
  local info = debug_getinfo(fn, "S")
  if info.what == "C" or info.linedefined <= 0 then return nil end
  return info.linedefined
end

for _, f in real_ipairs({run_call, run_export, run_load, run_api, on_error, finish_export,
                         finish_load, failure}) do
  exempt[f] = true
end

-- Nothing a script could use stays in the privileged globals either.
for _, name in real_ipairs({"debug", "io", "os", "package", "require", "load", "loadfile",
                            "dofile", "collectgarbage", "coroutine", "python", "print",
                            "warn", "utf8", "setmetatable", "getmetatable", "rawset",
                            "rawget"}) do
  _G[name] = nil
end

return {
  run_call = run_call,
  run_export = run_export,
  run_load = run_load,
  run_api = run_api,
  fetch = fetch,
  take = take,
  function_line = function_line,
  readonly = readonly,
  env_slot = env_slot,
  renew_env = renew_env,
  record_maker = record_maker,
  api_names = function()
    if api_table == nil then return "" end
    return tbl_concat(api_names(api_table, "vg", {}), "\n")
  end,
  -- The host calls this when an entry point failed outside its protected call (out of
  -- memory), so that no hook is left counting the host's own Lua calls.
  disarm = function() debug_sethook() end,
  -- Instructions the last run used (read when it failed outside its protected call).
  spent = function() return used end,
}
