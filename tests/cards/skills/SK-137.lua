-- SK-137 Test Cheering Page
-- AUTO (RC) When your vanguard attacks, you may pay [Rest this unit]: your vanguard gets +5000
-- power until end of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.event("attack", { subject = vg.vanguards() }),
    cost = vg.cost.rest("self"),
    effect = { vg.power("vanguard", 5000, "battle") },
  },
}
