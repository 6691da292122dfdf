-- SK-170 Test Counting Knight
-- AUTO (RC) At the start of your battle phase, if you have four or more cards in hand,
-- Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.battle_phase_start,
    condition = vg.cond.count(vg.hand(), 4),
    effect = { vg.soul_charge(1) },
  },
}
