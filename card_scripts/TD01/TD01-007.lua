-- TD01-007 Covenant Knight, Randolf
-- AUTO (VC/RC) On attacking, while you hold more cards in hand than your opponent does, this
-- unit gains 3000 power for the battle.
return vg.card {
  vg.common.power_on_attack(3000, {
    condition = function(ctx)
      return ctx.players[ctx.me].hand > ctx.players[ctx.opponent].hand
    end,
  }),
}
