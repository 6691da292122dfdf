-- SK-009 Test Omen Reader
-- AUTO (RC) When this unit attacks, if your opponent has 3+ cards in hand, +3000 for the battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    condition = function(ctx)
      return ctx.players[ctx.opponent].hand >= 3
    end,
    effect = { vg.power("self", 3000, "battle") },
  },
}
