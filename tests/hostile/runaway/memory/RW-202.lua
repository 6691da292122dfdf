-- RW-202 Gossiping Scribe: a trigger filter that returns a table holding the same long
-- string many times (truthy, so it "matches"), from every copy, on every draw.
return vg.card {
  vg.auto {
    zones = {"deck", "hand", "drop", "soul", "VC", "RC"},
    when = {event = "draw"},
    filter = function(ctx)
      local rumour = string.rep("!", 60000)
      local told = {}
      for i = 1, 2000 do told[i] = rumour end
      return told
    end,
    effect = {},
  },
}
