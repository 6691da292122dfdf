-- D-SD04-015 Call to the Beasts (blitz order, played in the guard step)
-- One of your units has 5000 more power for the battle, or 15000 more while you have at least
-- three back-row rear-guards.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    effect = {
      vg.choose { "beast", from = vg.units() },
      vg["if"](vg.cond.count(vg.rear_guards { row = "back" }, 3),
        { vg.power("beast", 15000, "battle") },
        { vg.power("beast", 5000, "battle") }),
    },
  },
}
