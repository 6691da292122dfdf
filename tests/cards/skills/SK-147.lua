-- SK-147 Test Elder Squire
-- AUTO (VC) When a unit named "Test Heir Knight" rides on this unit, draw a card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon_by { name = "Test Heir Knight" },
    effect = { vg.draw(1) },
  },
}
