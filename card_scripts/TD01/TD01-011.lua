-- TD01-011 Knight of Rose, Morgana
-- AUTO (VC/RC) On attacking, you may discard a card from hand to give this unit 4000 more power
-- for the rest of the turn.
return vg.card {
  vg.auto {
    when = vg.when.attacks,
    cost = vg.cost.discard(1),
    effect = { vg.power("self", 4000, "turn") },
  },
}
