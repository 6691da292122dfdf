-- STR-004 Test Herald of Aurelis
-- CONT (RC) While your vanguard is named Sovereign of the Dawn Rampart, Aurelis, +5000 power.
return vg.card {
  vg.cont { zones = {"RC"},
            condition = vg.cond.vanguard_is { name = "Sovereign of the Dawn Rampart, Aurelis" },
            effects = { {op = "modify", stat = "power", target = "self", amount = 5000} } },
}
