-- SK-172 Test Vulture Herald
-- AUTO (RC) When one of your opponent's rear-guards is retired, draw a card. Resolves before
-- your other abilities triggered at the same time.
return vg.card {
  vg.auto {
    zones = {"RC"},
    first = true,
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.draw(1) },
  },
}
