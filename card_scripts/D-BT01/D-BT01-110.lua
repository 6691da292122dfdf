-- D-BT01-110 Dark Pilgrimage
-- AUTO (RC) Each time this unit boosts, it has 2000 more power for the turn.
return vg.card { vg.common.power_on_boost(2000) }
