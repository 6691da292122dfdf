-- SK-152 Test Greedy Crow
-- AUTO (RC) 1/Turn: when one of your opponent's rear-guards is retired, draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    once_per_turn = true,
    when = vg.when.rear_guard_retired { owner = "opponent" },
    effect = { vg.draw(1) },
  },
}
