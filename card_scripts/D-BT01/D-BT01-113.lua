-- D-BT01-113 Dream Nibbling
-- AUTO When a card rides upon this vanguard, draw one card if you were the second player.
return vg.card { vg.common.draw_if_went_second() }
