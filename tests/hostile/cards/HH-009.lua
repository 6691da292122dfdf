-- HH-009 Test Broken Critical
-- CONT (RC) This unit's critical gets a bonus whose amount function fails: every read of its
-- critical meets a script error (the game's own, in a battle, and any view's).
return vg.card {
  vg.cont {
    zones = {"RC"},
    effects = { {op = "modify", stat = "critical", target = "self",
                 amount = function(ctx) return ctx.no_such_table.field end} },
  },
}
