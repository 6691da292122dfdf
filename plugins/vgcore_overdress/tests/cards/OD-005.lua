-- OD-005 Test Layered Gown (overDress over a Dressmaker, or over a grade 2 or lower unit in the
-- overDress state: the record's `overdress` alternatives)
-- CONT (RC) +1000 power for each originalDress card beneath it.
-- ACT (RC) Put one of the originalDress cards beneath this unit into your soul.
return vg.card {
  vg.cont { zones = {"RC"},
            effects = { vg.continuous.power("self", vg.overdress.per_original_dress(1000)) } },
  vg.act { zones = {"RC"},
           effect = { vg.put_into_soul(nil, { from = vg.overdress.original_dress() }) } },
}
