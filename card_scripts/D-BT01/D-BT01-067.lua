-- D-BT01-067 Sunlight Punishment (normal order)
-- Pay Counter Blast of one or more cards (you choose how many): for each card paid, choose
-- one of your opponent's rear-guards; retire them.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.or_more(vg.cost.counter_blast(1), "paid"),
    effect = {
      vg.choose { "doomed", from = vg.rear_guards { owner = "opponent" },
                  count = vg.count_bound("paid") },
      vg.retire "doomed",
    },
  },
}
