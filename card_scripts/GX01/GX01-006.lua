-- GX01-006 Sunward Shieldmaiden, Ysolde (sentinel)
-- AUTO (GC) When placed on GC, you may discard a card: one of your attacked units cannot be hit
-- until end of that battle.
return vg.card { vg.common.perfect_guard() }
