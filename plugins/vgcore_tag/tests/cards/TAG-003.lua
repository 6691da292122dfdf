-- TAG-003 Test Twin Omen Empress
-- AUTO (VC) Limit Break 4: when this unit attacks, it gets +10000 power until end of that
-- battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    limit_break = 4,
    when = vg.when.attacks,
    effect = { vg.power("self", 10000, "battle") },
  },
}
