-- D-BT01-018 Detonation Mutant, Bobalmine
-- AUTO (RC) When the battle this unit boosted ends, if a set order of yours is in your order
-- zone, you may put this unit into your soul to counter charge 1.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.end_of_battle_boosted,
    -- imprisoned cards in the order zone are the opponent's, never a set order of yours
    condition = vg.cond.count(vg.cards_in("order_zone", { card_owner = "you", order_type = "set" })),
    cost = vg.cost.put_into_soul("self"),
    effect = { vg.counter_charge(1) },
  },
}
