-- GX01-010 Sunward Vanguard Knight, Arlen
-- AUTO (RC) Generation break 2: when placed on a rear-guard circle, you may pay CB1: look at
-- the top card of your deck; a Gold Paladin of grade 2 or less among it may be called to an
-- open rear-guard circle; a card not called goes to the bottom of your deck.
return vg.card {
  vg.auto {
    zones = {"RC"},
    generation_break = 2,
    when = vg.when.placed_on_rc,
    cost = vg.common.cb(1),
    effect = vg.common.call_from_top(1, { clan = "Gold Paladin", grade_max = 2 }),
  },
}
