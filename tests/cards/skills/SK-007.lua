-- SK-007 Test Scout
-- AUTO (RC) When placed on RC, you may pay SB1: search for up to one grade 3 and take it.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    cost = vg.cost.soul_blast(1),
    effect = { vg.search { filter = { grade = 3 }, count = 1 } },
  },
}
