-- SK-169 Test Oath Lord
-- AUTO (VC) At the start of your battle phase, draw a card. Resolves before your other
-- abilities triggered at the same time.
return vg.card {
  vg.auto {
    zones = {"VC"},
    first = true,
    when = vg.when.battle_phase_start,
    effect = { vg.draw(1) },
  },
}
