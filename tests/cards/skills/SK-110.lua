-- SK-110 Test Shield Bearer
-- AUTO (RC) When placed on RC, this unit gets shield +5000 until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.shield("self", 5000, "turn") },
  },
}
