-- SK-953 Test Gravity Warden (a card goes only into its owner's zones, RULES.md §1)
-- ACT (VC) Both players put all of their own rear-guards into their souls.
-- ACT (VC) Choose one of your opponent's front-row rear-guards and put it on the bottom of
-- their deck.
-- ACT (VC) Choose one of your opponent's rear-guards; your opponent puts all of their
-- rear-guards in its column on the bottom of their deck.
-- (The column test is a function: a circle's column is the last letter of its name.)
local function column(zone) return string.sub(zone, -1) end

return vg.card {
  vg.act { zones = {"VC"},
           effect = { vg.put_into_soul(vg.rear_guards { owner = "any" }) } },
  vg.act { zones = {"VC"},
           effect = { vg.put(nil, "deck_bottom",
                             { from = vg.rear_guards { owner = "opponent", row = "front" } }) } },
  vg.act { zones = {"VC"},
           effect = {
             vg.choose { "picked", from = vg.rear_guards { owner = "opponent" } },
             vg.put(vg.rear_guards { owner = "opponent", where = function(ctx, card)
               return column(card.zone) == column(ctx.cards[ctx.bound.picked[1]].zone)
             end }, "deck_bottom"),
           } },
}
