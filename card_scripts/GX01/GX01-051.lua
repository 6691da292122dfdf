-- GX01-051 Stormtail Wyvern, Hibana (the mate of Thunderhowl Dragon, Raigo, and legions with
-- him when it is the vanguard itself)
return vg.card {
  -- AUTO (VC) When this card is put on VC as a legion mate, Soul Charge 1.
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.placed_as_mate,
    effect = { vg.soul_charge(1) },
  },
  -- AUTO (VC) Generation break 2: when one of your opponent's rear-guards is retired during
  -- your turn, this unit gets +3000 power until end of turn (beside the vanguard as a mate,
  -- its power adds to the legion's).
  vg.auto {
    zones = {"VC"},
    generation_break = 2,
    when = vg.when.rear_guard_retired { owner = "opponent" },
    filter = vg.cond.your_turn,
    effect = { vg.power("self", 3000) },
  },
}
