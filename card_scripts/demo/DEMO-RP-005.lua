-- DEMO-RP-005 Aegis Novice, Bryn (sentinel)
-- AUTO (GC) When placed on GC, you may discard a card: one of your attacked units cannot be hit
-- until end of that battle. (The shared perfect-guard helper from card_scripts/lib.)
return vg.card { vg.common.perfect_guard() }
