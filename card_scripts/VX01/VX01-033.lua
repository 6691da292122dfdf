-- VX01-033 Sovereign Blade Paladin, Alaric (force)
-- AUTO (VC) When you gain a force gift, the unit on the circle its marker went to gets +5000
-- power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("gift", { gift = "force", player = "you" }),
    effect = {
      vg.power(vg.units { where = function(ctx, card) return card.zone == ctx.event.circle end },
               5000),
    },
  },
}
