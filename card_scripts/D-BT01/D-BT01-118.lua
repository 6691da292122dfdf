-- D-BT01-118 Tearful Malice (normal order)
-- Retire two of your rear-guards: draw a card, put this card into your soul, and Counter
-- Charge 1.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.retire(vg.rear_guards(), 2),
    effect = { vg.draw(1), vg.put_into_soul("self"), vg.counter_charge(1) },
  },
}
