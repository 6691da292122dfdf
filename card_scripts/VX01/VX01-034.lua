-- VX01-034 Oathsworn Paladin, Brannoc (force)
-- AUTO (VC) When this unit attacks, you may pay CB1: each of your units on a circle with a
-- force marker gets +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    cost = vg.common.cb(1),
    effect = { vg.power(vg.units { has = "gift_force" }, 5000) },
  },
}
