-- DEMO-KG-010 Cindercrown Dragon
-- AUTO (VC) At the end of a battle in which this unit attacked and hit, soul charge 1.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = { event = "battle_end", attacker = "self", hit = true },
    effect = { vg.soul_charge(1) },
  },
}
