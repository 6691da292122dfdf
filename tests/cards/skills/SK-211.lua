-- SK-211 Test Aura Giver
-- ACT (RC) 1/Turn: until end of turn this unit gains "CONT: this unit gets +2000 power".
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    effect = {
      vg.grant_ability("self", vg.cont {
        zones = {"RC"},
        effects = { vg.continuous.power("self", 2000) },
      }),
    },
  },
}
