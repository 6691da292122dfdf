-- D-SD01-008 Escort Stealth Dragon, Hayashi Kaze (sentinel)
-- AUTO (GC) On entering the guardian circle, you may discard a card from hand: one of your
-- attacked units cannot be hit for the rest of the battle.
return vg.card { vg.common.perfect_guard() }
