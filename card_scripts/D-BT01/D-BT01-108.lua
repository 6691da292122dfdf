-- D-BT01-108 Astute Noble, Eddga
-- AUTO (RC) On attacking, you may pay CB1 to give this unit 5000 more power for the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    cost = vg.common.cb(1),
    effect = { vg.power("self", 5000, "turn") },
  },
}
