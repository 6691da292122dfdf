-- D-SD04-002 Sylvan Horned Beast, Lattice
-- AUTO When Sylvan Horned Beast King, Magnolia is ridden on top of this card, you may pay SB1:
-- turn up the top card of your deck; a unit card is called to a rear-guard circle, anything
-- else joins your hand.
-- AUTO (back-row RC) On attacking a vanguard, you may pay SB1 to give this unit 10000 more
-- power for the battle.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Sylvan Horned Beast King, Magnolia" },
    cost = vg.common.sb(1),
    effect = {
      vg.look { count = 1, as = "top" },
      vg.reveal "top",
      vg["if"](vg.cond.count(vg.deck { ["in"] = "top", unit = true }),
        { vg.call "top" },
        { vg.put("top", "hand") }),
    },
  },
  vg.auto {
    zones = {"RC"},
    when = { event = "attack", subject = "self",
             target = function(ctx, card) return card.zone == "VC" end },
    filter = vg.cond.self_in_row("back"),
    cost = vg.common.sb(1),
    effect = vg.common.power_for_battle(10000),
  },
}
