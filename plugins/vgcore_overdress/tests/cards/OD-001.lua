-- OD-001 Test Dressmaker
-- AUTO (RC) When this unit is retired, draw a card.
return vg.card {
  vg.auto { zones = {"RC"}, when = vg.when.retired, effect = { vg.draw(1) } },
}
