-- SK-118 Test Summoner
-- ACT (VC) [Soul Blast 1] Choose a unit card from your drop and call it to RC.
return vg.card {
  vg.act {
    zones = {"VC"},
    cost = vg.cost.soul_blast(1),
    effect = {
      vg.choose { "risen", from = vg.drop { unit = true } },
      vg.call "risen",
    },
  },
}
