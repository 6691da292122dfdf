-- HH-008 Test Broken Secret
-- AUTO (hand) At the start of your main phase, if (a condition that errors), draw a card.
return vg.card {
  vg.auto {
    zones = {"hand"},
    when = vg.when.event("phase", { phase = "main" }),
    condition = function(ctx) return ctx.no_such_table.field > 0 end,
    effect = { vg.draw(1) },
  },
}
