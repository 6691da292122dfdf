-- SK-163 Test Dusk Herald
-- AUTO (RC) At the end of each battle, you may Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.end_of_battle,
    may = true,
    effect = { vg.soul_charge(1) },
  },
}
