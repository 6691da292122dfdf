-- RW-201 Hoarding Scribe: 4000 steps sharing one 1 MiB prompt (1 MiB inside Lua, 4 GiB if
-- every reference became its own Python string).
return vg.card {
  vg.auto {
    when = vg.when.placed_self,
    effect = {
      vg.steps_from(function(ctx)
        local question = string.rep("?", 2^20)
        local steps = {}
        for i = 1, 4000 do steps[i] = vg.may({}, question) end
        return steps
      end),
    },
  },
}
