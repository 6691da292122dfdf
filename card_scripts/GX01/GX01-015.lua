-- GX01-015 Sunlit Sovereign, Aurex Resplendent (G unit)
-- AUTO (VC) When this unit strides, if its heart is Radiant Lionheart, Aurex, you may pay CB1:
-- look at the top two cards of your deck, call up to two Gold Paladin units from among them to
-- open rear-guard circles, and put the rest on the bottom of your deck.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.stride.when.strides,
    -- a G unit on VC also has its heart's name (plugin `stride`)
    condition = vg.cond.vanguard_is { name = "Radiant Lionheart, Aurex" },
    cost = vg.common.cb(1),
    effect = vg.common.call_from_top(2, { clan = "Gold Paladin", unit = true }, 2),
  },
}
