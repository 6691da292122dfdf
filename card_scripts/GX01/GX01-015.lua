-- GX01-015 Sunlit Sovereign, Aurex Resplendent (G unit)
-- AUTO (VC) When this unit strides, if its heart is Radiant Lionheart, Aurex, you may pay CB1:
-- look at the top two cards of your deck, call up to two Gold Paladin units from among them to
-- open rear-guard circles, and put the rest on the bottom of your deck.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.common.strides,
    -- a G unit on VC also has its heart's name (plugin `stride`)
    condition = vg.cond.vanguard_is { name = "Radiant Lionheart, Aurex" },
    cost = vg.common.cb(1),
    effect = {
      vg.look { count = 2, as = "top" },
      vg.choose { "recruits", count = 2, up_to = true,
                  from = vg.deck { ["in"] = "top", clan = "Gold Paladin", unit = true } },
      vg.call("recruits", { open_only = true }),
      vg.put(vg.deck { ["in"] = "top", not_in = "recruits" }, "deck_bottom"),
    },
  },
}
