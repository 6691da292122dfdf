-- D-SD02-010 Spiritual King of Determination, Olbaria (over trigger)
-- The over trigger itself (remove, draw, +100,000,000) is the core's rule. Its extra effect:
-- AUTO (removed) After it resolved as an over trigger turned up by a drive check, pick one of
-- your units; it gains 100,000,000 power for the rest of the turn.
return vg.card { vg.common.over_trigger_power(100000000) }
