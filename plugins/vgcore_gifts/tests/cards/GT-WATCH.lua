-- GT-WATCH Test Tidewatch Sergeant
-- AUTO (RC) When you gain a force gift, this unit gets +2000 power until end of turn.
-- CONT (RC) While this unit is on a circle with a force marker, it gets +1000 power.
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.gifts.when.gained("force"),
            effect = { vg.power("self", 2000, "turn") } },
  vg.cont { zones = {"RC"},
            condition = vg.cond.count(vg.units { self = true, has = vg.gifts.on_force.has }),
            effects = { {op = "modify", stat = "power", target = "self", amount = 1000} } },
}
