-- D-BT01-058 Dragritter, Zafar
-- AUTO When this unit intercepts, you may pay SB1: it gets +5000 shield for that battle.
return vg.card {
  vg.auto {
    zones = {"GC"},
    when = {event = "intercept", subject = "self"},
    cost = vg.cost.soul_blast(1),
    effect = { vg.shield("self", 5000, "battle") },
  },
}
