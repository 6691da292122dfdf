-- vg.premium: helpers for premium-era mechanics (plugin vgcore_premium_era). Trusted library
-- code: it runs once per Lua runtime after vg.lua. The `lock` and `delete` steps and the
-- `break_ride` validity key exist only in formats that enable `premium-era` (premium).

local premium = {}

local function step(op, target, extra)
  local s = {}
  for k, v in pairs(extra or {}) do s[k] = v end
  s.op = op
  s.target = target
  return s
end

-- step: lock the rear-guards `target` names, or `extra.count` chosen `from` a selector
-- (extra keys as for vg.retire: from, count, up_to, optional, chooser, as)
function premium.lock(target, extra) return step("lock", target, extra) end

-- step: choose `n` of the opponent's rear-guards and lock them (`up_to`: fewer allowed)
function premium.lock_rear_guards(n, up_to)
  return premium.lock(nil, {
    from = vg.rear_guards { owner = "opponent" }, count = n or 1, up_to = up_to,
  })
end

-- step: unlock the locked cards `target` names, or `extra.count` chosen `from` a selector
function premium.unlock(target, extra) return step("unlock", target, extra) end

-- step: choose `n` of your locked rear-guards and unlock them (`up_to`: fewer allowed)
function premium.unlock_rear_guards(n, up_to)
  return premium.unlock(nil, {
    from = vg.rear_guards { has = "locked" }, count = n or 1, up_to = up_to,
  })
end

-- step: delete the vanguard `target` names (default: the opponent's vanguard)
function premium.delete(target, extra)
  return step("delete", target or "opponent_vanguard", extra)
end

-- filters for `has`: a locked rear-guard / a deleted vanguard
premium.locked = { has = "locked" }
premium.deleted = { has = "deleted" }

-- a whole break ride AUTO: when a unit rides upon this vanguard while you have 4 or more
-- damage, `effect` resolves (the plugin gives the new vanguard +10000 itself).
-- `opts` may give `cost`, `condition`, `text`.
function premium.break_ride(effect, opts)
  local spec = {
    zones = { "VC" }, when = vg.when.ridden_upon, break_ride = true, effect = effect,
  }
  for k, v in pairs(opts or {}) do spec[k] = v end
  return vg.auto(spec)
end

vg.premium = premium
