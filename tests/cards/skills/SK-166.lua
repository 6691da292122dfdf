-- SK-166 Test Executioner
-- AUTO (RC) When placed on RC, retire one of your opponent's rear-guards, then you may draw.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "doomed", from = vg.rear_guards { owner = "opponent" } },
      vg.retire "doomed",
      vg.may({ vg.draw(1) }, "Draw a card?"),
    },
  },
}
