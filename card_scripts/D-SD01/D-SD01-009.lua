-- D-SD01-009 Trickstar
-- CONT (RC) Abilities of your opponent's cards cannot pick this unit (the core leaves a unit
-- with `cannot_be_chosen` out of the opponent's choices).
return vg.card {
  vg.cont { zones = {"RC"}, effects = { vg.continuous.grant("self", "cannot_be_chosen") } },
}
