-- D-BT01-101 Tri Connect Sorceress
-- AUTO When a card rides upon this vanguard, draw one card if you were the second player.
return vg.card { vg.common.draw_if_went_second() }
