-- D-SD03-003 Knight of Heavenly Sword, Fort
-- AUTO When Knight of Heavenly Spear, Rooks is ridden on top of this card, you may show two
-- grade 3 cards from your hand: turn up the top card of your deck; a unit card is called to a
-- rear-guard circle, anything else goes to the drop.
-- ACT (RC) Once a turn, CB1: a grade 3 vanguard of yours has 5000 more power for the turn.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Knight of Heavenly Spear, Rooks" },
    cost = vg.cost.reveal(2, { grade = 3 }),
    effect = {
      vg.look { count = 1, as = "top" },
      vg.reveal "top",
      vg["if"](vg.cond.count(vg.deck { ["in"] = "top", unit = true }),
        { vg.call "top" },
        { vg.put("top", "drop") }),
    },
  },
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.common.cb(1),
    effect = {
      vg.choose { "leader", from = vg.vanguards { grade = 3 } },
      vg.power("leader", 5000),
    },
  },
}
