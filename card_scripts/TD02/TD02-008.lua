-- TD02-008 Dragon Monk, Gojo
-- ACT (VC/RC) Rest this unit and discard a card from hand: draw one card.
return vg.card {
  vg.act {
    cost = vg.cost.all(vg.cost.rest("self"), vg.cost.discard(1)),
    effect = { vg.draw(1) },
  },
}
