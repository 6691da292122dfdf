-- GX01-021 Sunfang, Lion of the Goldcrest (the mate of Goldcrest Marshal, Orrick, and legions
-- with him when it is the vanguard itself)
return vg.card {
  -- AUTO (VC) When this card is put on VC as a legion mate, Counter Charge 1.
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.placed_as_mate,
    effect = { vg.counter_charge(1) },
  },
  -- ACT (VC) 1/Turn, CB1: one of your rear-guards gets +5000 power until end of turn (beside
  -- the vanguard as a mate, or as the vanguard).
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.common.cb(1),
    effect = {
      vg.choose { "spurred", from = vg.rear_guards() },
      vg.power("spurred", 5000),
    },
  },
}
