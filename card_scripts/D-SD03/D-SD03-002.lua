-- D-SD03-002 Knight of Heavenly Spear, Rooks
-- AUTO When Apex Ruler, Bastion is ridden on top of this card, you may show three grade 3
-- cards from your hand to draw one card.
-- CONT (RC) On your turn, while you have at least three grade 3 units, this unit gains the
-- boost skill and 5000 power.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Apex Ruler, Bastion" },
    cost = vg.cost.reveal(3, { grade = 3 }),
    effect = { vg.draw(1) },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.cond.count(vg.units { grade = 3 }, 3)),
    effects = {
      vg.continuous.grant("self", "skill:boost"),
      vg.continuous.power("self", 5000),
    },
  },
}
