-- DO-004 Test Grand Decree (normal order, grade 3)
-- Draw a card.
return vg.card {
  vg.act { zones = {"hand"}, order = true, effect = { vg.draw(1) } },
}
