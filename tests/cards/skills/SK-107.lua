-- SK-107 Test Soul Keeper
-- ACT (VC): choose one of your rear-guards and put it into your soul.
return vg.card {
  vg.act {
    zones = {"VC"},
    effect = { vg.put_into_soul(nil, { from = vg.rear_guards() }) },
  },
}
