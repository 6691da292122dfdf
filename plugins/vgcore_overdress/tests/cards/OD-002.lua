-- OD-002 Test Gown of the Dressmaker (overDress over "Dressmaker")
-- AUTO (RC) When placed on RC, soul charge 1.
-- AUTO (RC) When it attacks while in the overDress state, +5000 power for the battle.
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.placed_on_rc, effect = { vg.soul_charge(1) } },
  vg.auto {
    zones = {"RC"},
    when = { event = "attack", subject = { self = true, has = "overdress_state" } },
    effect = { vg.power("self", 5000, "battle") },
  },
}
