-- ERR-VF-001 Test Sleepy Knight
-- AUTO (RC) When this unit attacks, +5000 power; the amount's function misspells a vg name.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    effect = {
      vg.power("self", function(ctx)
        local rule = vg.cond.damge_at_least(3)
        return rule and 5000 or 0
      end, "battle"),
    },
  },
}
