-- TD02-003 Demonic Dragon Berserker, Yaksha
-- AUTO (hand) In your main phase, whenever a rear-guard of your opponent's is retired while
-- your vanguard is grade 2, you may show this card to your opponent to superior ride it.
return vg.card {
  vg.auto {
    zones = {"hand"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    filter = { turn = "yours", phase = "main" },
    condition = vg.cond.vanguard_is { grade = 2 },
    cost = vg.cost.reveal("self"),
    effect = { vg.ride "self" },
  },
}
