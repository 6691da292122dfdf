-- D-BT01-035 Protobulb Dragon
-- AUTO (RC) When this unit attacks or boosts while you are in Final Rush, you may pay CB1 and put
-- another of your rear-guards into your soul: return a card of your choice from your soul to
-- your hand.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = {"attack", "boost"}, subject = "self" },
    condition = vg.cond.in_state("final_rush"),
    cost = vg.cost.all(vg.common.cb(1),
      vg.cost.put_into_soul(vg.rear_guards { not_self = true }, 1)),
    effect = { vg.put(nil, "hand", { from = vg.soul() }) },
  },
}
