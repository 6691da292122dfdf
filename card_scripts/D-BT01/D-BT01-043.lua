-- D-BT01-043 Hollowing Moonlit Night (World: a set order that stays in the order zone)
-- Played by paying SB1.
-- AUTO When this card is put into the order zone, draw a card.
-- CONT (order zone) While your order zone holds only Worlds, your World is Dark Night with one
-- card there and Abyssal Dark Night with two or more.
return vg.card {
  vg.act { zones = {"hand"}, order = true, cost = vg.cost.soul_blast(1), effect = {} },
  vg.auto {
    zones = {"order_zone"},
    when = vg.dera.when.put_into_order_zone,
    effect = { vg.draw(1) },
  },
  vg.dera.world(),
}
