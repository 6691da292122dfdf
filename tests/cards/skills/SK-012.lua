-- SK-012 Test Squire
-- AUTO When another unit rides on this one, draw a card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    effect = { vg.draw(1) },
  },
}
