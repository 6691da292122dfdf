-- LEG-004 Test Lone Commander, Cedric (legion with Test Shieldbrother, Bram)
-- ACT (VC) Put your legion mate into your soul.
return vg.card {
  vg.act {
    zones = {"VC"},
    condition = vg.legion.cond.in_legion(),
    effect = { vg.put(vg.legion.mate(), "soul") },
  },
}
