-- OD-004 Test Pin Sniper
-- ACT (RC) Choose one of the opponent's rear-guards and retire it.
-- ACT (VC) Choose one of your rear-guards; it gets +1000 power until end of turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    effect = { vg.retire(nil, { from = vg.rear_guards { owner = "opponent" } }) },
  },
  vg.act {
    zones = {"VC"},
    effect = {
      vg.choose { "pick", from = vg.rear_guards() },
      vg.power("pick", 1000),
    },
  },
}
