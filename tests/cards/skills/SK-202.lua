-- SK-202 Test Silencer
-- ACT (VC) 1/Turn: one of your rear-guards loses all of its abilities until end of turn.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.choose { "muted", from = vg.rear_guards() },
      vg.grant("muted", "no_abilities", "turn"),
    },
  },
}
