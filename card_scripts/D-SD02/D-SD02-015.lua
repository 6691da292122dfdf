-- D-SD02-015 Brothers' Soul (normal order)
-- Soul charge 2.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = { vg.soul_charge(2) },
  },
}
