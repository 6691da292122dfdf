-- BR-003 Test Unknown Step
-- Broken on purpose: there is no `teleport` step.
return vg.card {
  vg.auto {
    when = vg.when.placed_on_rc,
    effect = { vg.draw(1), { op = "teleport", target = "self" } },
  },
}
