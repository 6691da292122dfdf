-- SK-155 Test Weary Veteran
-- AUTO (RC) At the end of a battle in which this unit attacked, return this unit to your hand.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.event("battle_end", { attacker = "self" }),
    effect = { vg.put("self", "hand") },
  },
}
