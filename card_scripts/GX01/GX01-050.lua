-- GX01-050 Thunderhowl Dragon, Raigo (legion with Stormtail Wyvern, Hibana: card field
-- `legion`)
return vg.card {
  -- AUTO (VC) When this unit legions, you may pay CB1: choose one of your opponent's
  -- rear-guards and retire it.
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.legions,
    cost = vg.common.cb(1),
    effect = vg.common.retire_one(vg.common.opponent_rear_guards()),
  },
  -- AUTO (VC) When this unit attacks, if it is in legion, it gets +5000 power until end of
  -- that battle.
  vg.common.power_on_attack(5000, {
    zones = {"VC"},
    condition = vg.legion.cond.in_legion(),
  }),
}
