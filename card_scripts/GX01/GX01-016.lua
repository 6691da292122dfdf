-- GX01-016 Helion, Goldenwing Dragon Emperor (G unit)
-- AUTO (VC) Generation break 2: when this unit attacks, you may pay SB1: your rear-guards get
-- +3000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    generation_break = 2,
    when = vg.when.attacks,
    cost = vg.common.sb(1),
    effect = { vg.power(vg.rear_guards(), 3000) },
  },
}
