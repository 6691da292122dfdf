-- SK-162 Test Martyr Knight
-- AUTO (RC) When this unit is retired, if it was on a front-row circle, draw a card.
-- (The unit is in the drop by then: the event remembers the circle it left.)
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.retired,
    condition = function(ctx)
      return ctx.cards[ctx.self].zone == "drop"
        and (ctx.event.from == "RC.FL" or ctx.event.from == "RC.FR")
    end,
    effect = { vg.draw(1) },
  },
}
