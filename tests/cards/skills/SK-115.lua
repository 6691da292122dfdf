-- SK-115 Test Silence Mage
-- AUTO (RC) When this unit attacks, your opponent cannot call grade 0 cards to GC until end
-- of that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.attacks,
    effect = { vg.grant("opponent_vanguard", "cannot_guard_grade0", "battle") },
  },
}
