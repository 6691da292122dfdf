-- STR-005 Test Aegis of the Last Dawn
-- AUTO (GC) When this unit is called as a G guardian, draw a card.
return vg.card {
  vg.auto { zones = {"GC"}, when = vg.stride.when.g_guardian, effect = { vg.draw(1) } },
}
