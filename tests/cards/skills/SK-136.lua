-- SK-136 Test Sacrifice Adept
-- AUTO (RC) When placed on RC, you may pay [Retire one of your other rear-guards]: draw a card.
-- (A cost part chosen `from` a selector: the payer picks which rear-guard.)
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = { { op = "retire", from = vg.rear_guards { not_self = true }, count = 1 } },
    effect = { vg.draw(1) },
  },
}
