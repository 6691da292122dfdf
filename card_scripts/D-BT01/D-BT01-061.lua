-- D-BT01-061 Stealth Fiend, Shigamanago
-- AUTO (RC) When a rear-guard of your opponent is retired during your main phase, you may
-- retire this unit: look at the top card of your deck; you may call it to a rear-guard circle
-- if it is a unit; if you do not, put it into your soul.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.rear_guard_retired { owner = "opponent" },
    filter = vg.cond.all(vg.cond.your_turn, {phase = "main"}),
    cost = vg.cost.retire("self"),
    effect = {
      vg.look { count = 1 },
      vg.choose { "called", from = vg.deck { ["in"] = "looked", unit = true }, up_to = true },
      vg.call("called"),
      vg.put_into_soul(vg.deck { ["in"] = "looked", not_in = "called" }),
    },
  },
}
