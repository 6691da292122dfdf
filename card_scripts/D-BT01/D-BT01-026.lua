-- D-BT01-026 Charging Dragon, Tribash
-- AUTO (RC) When your vanguard attacks, if the opponent has at most two rear-guards, you may put
-- this unit into your soul: pick one of your vanguards; it gets +1 critical for that battle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = {event = "attack", player = "you", subject = {zone = "VC"}},
    condition = vg.cond.count(vg.rear_guards { owner = "opponent" }, 0, 2),
    cost = vg.cost.put_into_soul("self"),
    effect = {
      vg.choose { "charged", from = vg.vanguards() },
      vg.critical("charged", 1, "battle"),
    },
  },
}
