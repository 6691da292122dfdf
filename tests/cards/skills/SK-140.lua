-- SK-140 Test Double Tithe
-- AUTO (RC) When placed on RC, you may pay [Counter Blast 1 and Soul Blast 1]: draw two cards.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.soul_blast(1)),
    effect = { vg.draw(2) },
  },
}
