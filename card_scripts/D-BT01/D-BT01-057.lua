-- D-BT01-057 Stealth Rogue of Iron Blade, Oshikuni
-- AUTO (RC) On attacking, while your opponent has two rear-guards or fewer, this unit has 5000
-- more power for the battle.
return vg.card {
  vg.common.power_on_attack(5000, {
    zones = {"RC"},
    condition = vg.cond.count(vg.common.opponent_rear_guards(), 0, 2),
  }),
}
