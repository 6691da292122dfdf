-- D-BT01-039 Cardinal Noid, Cubisia
-- AUTO (VC) When a World is put into your order zone, choose one of your units: it gets +5000
-- power until end of turn.
-- CONT (RC) On your turn, while your World is Abyssal Dark Night, this unit has +5000 power.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.dera.when.world_put,
    effect = { vg.choose { "unit", from = vg.units() }, vg.power("unit", 5000) },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.your_turn, vg.dera.cond.abyssal_dark_night),
    effects = { vg.continuous.power("self", 5000) },
  },
}
