-- SK-134 Test Charging Adept
-- AUTO (RC) When placed on RC, you may pay [Soul Charge 2]: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.soul_charge(2),
    effect = { vg.draw(1) },
  },
}
