-- D-BT01-041 Fighting Dragon, Goldog Dragon
-- AUTO When this card is discarded from your hand during your turn, while a Set Order of yours
-- (a Prison or a World counts) lies in your order zone, you may pay CB1 to call this card to a
-- rear-guard circle.
return vg.card {
  vg.auto {
    zones = {"hand"},
    when = { event = "discard", subject = "self", from = "hand" },
    condition = vg.cond.all(vg.cond.your_turn, vg.cond.count(vg.cards_in("order_zone",
      { card_owner = "you", order_type = "set" }))),
    cost = vg.common.cb(1),
    effect = { vg.call "self" },
  },
}
