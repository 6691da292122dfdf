-- SK-138 Test Offering Adept
-- AUTO (RC) When placed on RC, you may pay [Put one of your other rear-guards into your soul]:
-- draw a card. (A cost part chosen `from` a selector: the payer picks which rear-guard.)
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = { { op = "put_into_soul", from = vg.rear_guards { not_self = true }, count = 1 } },
    effect = { vg.draw(1) },
  },
}
