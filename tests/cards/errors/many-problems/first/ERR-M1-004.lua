-- ERR-M1-004 Test Fourth: two abilities, each with its own mistake (both are listed)
return vg.card {
  vg.auto {
    zones = {"RG"},
    when = vg.when.attacks,
    effect = { vg.draw(1) },
  },
  vg.act {
    zones = {"VC"},
    once_per_trun = true,
    effect = { vg.draw(1) },
  },
}
