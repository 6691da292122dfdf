-- VX01-010 Bloomguard Ranger, Ivy
-- AUTO (RC) When this unit attacks, if it is on an accel circle, it gets +5000 power until end
-- of that battle.
return vg.card {
  vg.common.power_on_attack(5000, {
    zones = {"RC"},
    condition = vg.cond.count(vg.units { self = true, has = "gift_accel" }),
  }),
}
