-- D-SD01-004 Sunrise Egg
-- AUTO When a card rides upon this vanguard, draw one card if you were the second player.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    condition = vg.cond.went_second,
    effect = { vg.draw(1) },
  },
}
