-- GX01-020 Goldcrest Marshal, Orrick (legion with Sunfang, Lion of the Goldcrest: card field
-- `legion`)
return vg.card {
  -- AUTO (VC) When this unit legions, look at the top card of your deck; a Gold Paladin unit
  -- may be called to an open rear-guard circle; a card not called goes to the bottom.
  vg.auto {
    zones = {"VC"},
    when = vg.legion.when.legions,
    effect = vg.common.call_from_top(1, { clan = "Gold Paladin", unit = true }),
  },
  -- AUTO (VC) Generation break 1: when this unit attacks, if it is in legion, up to two of
  -- your rear-guards get +3000 power until end of turn.
  vg.auto {
    zones = {"VC"},
    generation_break = 1,
    when = vg.when.attacks,
    condition = vg.legion.cond.in_legion(),
    effect = {
      vg.choose { "rallied", from = vg.rear_guards(), count = 2, up_to = true },
      vg.power("rallied", 3000),
    },
  },
}
