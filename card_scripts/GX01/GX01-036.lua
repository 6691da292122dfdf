-- GX01-036 Thunderward Adept, Kiri (sentinel)
-- AUTO (GC) When placed on GC, you may discard a card: one of your attacked units cannot be hit
-- until end of that battle.
return vg.card { vg.common.perfect_guard() }
