-- GX01-031 Stormvein Cub, Raiko
-- AUTO (VC) When a unit rides on this card, you may put the top card of your deck into your
-- soul.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    may = true,
    effect = { vg.soul_charge(1) },
  },
}
