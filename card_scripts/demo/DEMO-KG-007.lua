-- DEMO-KG-007 Pyre Duelist, Sarn
-- AUTO (RC) When this unit attacks, if your opponent has two or fewer rear-guards, +3000 power
-- until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = function(ctx)
      return #ctx.players[ctx.opponent].rear_guards <= 2
    end,
    effect = { vg.power("self", 3000, "battle") },
  },
}
