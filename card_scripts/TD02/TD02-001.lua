-- TD02-001 Dragonic Overlord
-- CONT (VC/RC) While none of your vanguard and rear-guards is a Kagero, this unit has 2000 less
-- power. (It counts itself, as the reference wording does: with its printed clan it keeps full
-- power.)
-- ACT (VC/RC) CB3: for the rest of the turn this unit gains 5000 power, has no twin drive, and
-- gains "AUTO (VC/RC) Stand this unit whenever its attack hits a rear-guard of your opponent's".
return vg.card {
  vg.cont {
    condition = vg.cond.negate(vg.cond.count(vg.units { clan = "Kagero" })),
    effects = { vg.continuous.power("self", -2000) },
  },
  vg.act {
    cost = vg.common.cb(3),
    effect = {
      vg.power("self", 5000),
      vg.lose("self", "skill:twin_drive"),
      vg.grant_ability("self", vg.auto {
        when = vg.when.event("hit", {
          attacker = "self",
          target = { zone = "RC", owner = "opponent" },
        }),
        effect = { vg.stand "self" },
      }),
    },
  },
}
