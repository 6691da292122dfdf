-- DEMO-KG-009 Sovereign Inferno Dragon
-- AUTO (VC) When this unit attacks, you may pay CB2: retire one of your opponent's rear-guards.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    cost = vg.cost.counter_blast(2),
    effect = { vg.retire(nil, { from = vg.rear_guards { owner = "opponent" }, count = 1 }) },
  },
}
