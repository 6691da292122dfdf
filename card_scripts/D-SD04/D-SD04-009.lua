-- D-SD04-009 Hopeful Maiden, Alejandra (sentinel)
-- AUTO (GC) When placed on GC, you may discard one hand card: one of your attacked units
-- cannot be hit for the rest of the battle.
return vg.card { vg.common.perfect_guard() }
