-- D-BT01-045 Big Snake Witch, Solaria
-- AUTO When this card is discarded from your hand during your turn, you may pay CB1 and SB1 to
-- draw a card.
return vg.card {
  vg.auto {
    zones = {"hand"},
    when = { event = "discard", subject = "self", from = "hand" },
    condition = vg.cond.your_turn,
    cost = vg.cost.all(vg.common.cb(1), vg.common.sb(1)),
    effect = { vg.draw(1) },
  },
}
