-- SK-157 Test Hoarding Knight
-- AUTO (RC) When placed on RC, +5000 power for as long as you have three or more cards in hand.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.power("self", 5000, { ["while"] = vg.cond.count(vg.hand(), 3) }) },
  },
}
