-- ERR-RA-001 Test Patient Lancer
-- AUTO (RC) When placed on RC, this unit gets +2000 power until end of turn.
-- ACT (VC) Limit Break 4, CB1: draw as many cards as... a field that does not exist.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.power("self", 2000) },
  },
  vg.act {
    zones = {"VC"},
    limit_break = 4,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.draw(function(ctx)
        return ctx.players[ctx.me].bind_count + 1
      end),
    },
  },
}
