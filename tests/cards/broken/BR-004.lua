-- BR-004 Test Unknown Event
-- Broken on purpose: no event is called `sneeze`.
return vg.card {
  vg.auto {
    when = vg.when.event("sneeze"),
    effect = { vg.draw(1) },
  },
}
