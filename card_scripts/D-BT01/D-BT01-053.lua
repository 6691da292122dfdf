-- D-BT01-053 Cursed Souls Squirming in Agony (normal order)
-- Pay SB2: look at the top four cards of your deck, call up to one unit card from among them
-- to a rear-guard circle, and put the rest into your drop. Played with Alchemagic, call up to
-- two instead, and the units it called get +5000 power until end of turn.
local looked = vg.deck { ["in"] = "top", unit = true }
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.soul_blast(2),
    effect = {
      vg.look { count = 4, as = "top" },
      vg.when_true(vg.dera.cond.alchemagic, {
        vg.choose { "pick", from = looked, count = 2, up_to = true },
        vg.call "pick",
        vg.power("pick", 5000),
      }, {
        vg.choose { "pick", from = looked, up_to = true },
        vg.call "pick",
      }),
      vg.put(vg.deck { ["in"] = "top" }, "drop"),
    },
  },
}
