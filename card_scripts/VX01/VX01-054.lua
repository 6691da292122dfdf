-- VX01-054 Seer of the Twelve Houses, Castellan (protect)
-- AUTO (VC) When this unit attacks, each of your rear-guards on a circle with a protect marker
-- gets +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = { vg.power(vg.rear_guards { has = "gift_protect" }, 5000) },
  },
}
