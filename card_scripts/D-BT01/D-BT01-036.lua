-- D-BT01-036 Recusal Hate Dragon (sentinel)
-- AUTO (GC) On entering the guardian circle: pick one of your units, which cannot be hit for the
-- rest of the battle; then, holding two or more cards in hand, discard one of them.
return vg.card { vg.common.perfect_guard_any() }
