-- D-BT01-099 Tier Square Sorceress
-- AUTO When "Pentagleam Sorceress" rides upon this unit, you may pay CB1 to draw a card.
-- AUTO (RC) 1/Turn When a drive check of yours turns up a trigger unit, you may pay CB1: pick
-- one of the opponent's front-row rear-guards and put it on the bottom of its owner's deck.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Pentagleam Sorceress" },
    cost = vg.cost.counter_blast(1),
    effect = { vg.draw(1) },
  },
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = {event = "drive_check", player = "you", subject = {trigger = true}},
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.choose { "sent", from = vg.rear_guards { owner = "opponent", row = "front" } },
      vg.put("sent", "deck_bottom"),
    },
  },
}
