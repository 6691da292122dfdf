-- BR-010 Test Faulty Knight
-- Valid to load, fails when it resolves: the soul charge amount indexes a missing table.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.draw(1),
      vg.soul_charge(function(ctx)
        return ctx.nowhere.count
      end),
    },
  },
}
