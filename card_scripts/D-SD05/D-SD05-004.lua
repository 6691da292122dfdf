-- D-SD05-004 Aurora Battle Princess, Ruby Red
-- AUTO When a card rides upon this vanguard, draw one card if you were the second player.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    condition = vg.cond.went_second,
    effect = { vg.draw(1) },
  },
}
