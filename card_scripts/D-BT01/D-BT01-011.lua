-- D-BT01-011 Vairina Arcs
-- overDress over a Trickstar (the record's `overdress` field).
-- AUTO (RC) When this unit is placed on RC by overDress, you may pay CB1: draw two cards, and it
-- gets +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.overdress.when.placed_by_overdress,
    cost = vg.cost.counter_blast(1),
    effect = { vg.draw(2), vg.power("self", 5000) },
  },
}
