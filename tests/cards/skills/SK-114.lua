-- SK-114 Test Heavy Golem
-- AUTO (RC) When placed on RC, this unit cannot attack until end of turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = { vg.grant("self", "cannot_attack", "turn") },
  },
}
