-- ERR-RT-001 Test Careless Squire
-- AUTO (RC) When placed on RC, +power by an amount that indexes a missing table.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.power("self", function(ctx)
        return ctx.battle.attacker * 1000
      end),
    },
  },
}
