-- SK-153 Test War Drummer
-- AUTO (RC) At the start of your battle phase, this unit gets +3000 power until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.battle_phase_start,
    effect = { vg.power("self", 3000, "turn") },
  },
}
