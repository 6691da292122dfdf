-- VX01-047 Almanac Scribe, Teodor
-- ACT (RC) Once a turn, discard a Protect gift card (Protect I, card kind `gift`) from your
-- hand: draw two cards.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.cost.discard(1, { kind = "gift" }),
    effect = { vg.draw(2) },
  },
}
