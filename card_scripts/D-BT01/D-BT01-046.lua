-- D-BT01-046 Pentagleam Sorceress
-- AUTO When Hexaorb Sorceress rides upon this unit, look at the top three cards of your deck
-- and put them back on top in the order you like.
-- AUTO When this unit is placed on RC, look at the top card of your deck and leave it on top
-- or put it on the bottom; if you put it on the bottom, this unit gets +2000 power until end
-- of turn.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Hexaorb Sorceress" },
    effect = { vg.look { count = 3 }, vg.arrange() },
  },
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.look { count = 1 },
      vg.choose_one {
        { text = "Leave it on top", steps = {} },
        { text = "Put it on the bottom", steps = {
          vg.put("looked", "deck_bottom", { as = "sunk" }),
          vg.when_true(vg.cond.count(vg.deck { ["in"] = "sunk" }), { vg.power("self", 2000) }),
        } },
      },
    },
  },
}
