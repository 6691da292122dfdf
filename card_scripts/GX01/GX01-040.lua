-- GX01-040 Thunderclap Duelist, Sora
-- AUTO (RC) Generation break 1: when this unit attacks a vanguard, you may pay CB1: choose one
-- of your opponent's front-row rear-guards and retire it.
return vg.card {
  vg.auto {
    zones = {"RC"},
    generation_break = 1,
    when = vg.when.event("attack", { subject = "self", target = { zone = "VC" } }),
    cost = vg.common.cb(1),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards { row = "front" }),
  },
}
