-- SK-125 Test Rally Banner
-- AUTO (VC) When placed on VC, for each of your rear-guards: it gets +2000 power until end of
-- turn, and you Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = {
      vg.for_each(vg.rear_guards(), "ally", { vg.power("ally", 2000, "turn"), vg.soul_charge(1) }),
    },
  },
}
