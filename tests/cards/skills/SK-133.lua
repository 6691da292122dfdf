-- SK-133 Test Mending Adept
-- AUTO (RC) When placed on RC, you may pay [Counter Charge 1]: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.counter_charge(1),
    effect = { vg.draw(1) },
  },
}
