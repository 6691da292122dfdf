-- D-BT01-040 Polar Cold Monster, Drumler
-- AUTO When placed on RC, if your World is Abyssal Dark Night, you may pay CB1 and SB1 to draw
-- a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    condition = vg.dera.cond.abyssal_dark_night,
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.soul_blast(1)),
    effect = { vg.draw(1) },
  },
}
