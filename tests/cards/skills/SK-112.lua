-- SK-112 Test Aegis Lord
-- AUTO (VC) When this unit is attacked, it cannot be hit until end of that battle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("attack", { target = "self" }),
    effect = { vg.grant("self", "cannot_be_hit", "battle") },
  },
}
