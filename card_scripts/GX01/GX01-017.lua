-- GX01-017 Noonblaze Emperor, Zenith Aurex (G unit, ultimate stride)
-- AUTO (VC) When this unit attacks, choose up to two of your rested rear-guards: they stand and
-- get +5000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = {
      vg.choose { "rallied", from = vg.rear_guards { rested = true }, count = 2, up_to = true },
      vg.stand "rallied",
      vg.power("rallied", 5000),
    },
  },
}
