-- D-SD03-009 Lifesaving Angel, Kurabiel (sentinel)
-- AUTO (GC) When placed on GC, you may discard one hand card: one of your attacked units
-- cannot be hit for the rest of the battle.
return vg.card { vg.common.perfect_guard() }
