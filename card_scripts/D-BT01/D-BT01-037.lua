-- D-BT01-037 Crawl, you "Insects"! (normal order)
-- Play it by paying CB1: soul charge 1; then one of your units of your choice gets +10000
-- power until end of turn for each full five cards in your soul; then, with ten or more
-- cards in your soul, draw a card.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.soul_charge(1),
      vg.choose { "crawler", from = vg.units() },
      vg.power("crawler", vg.amount.per(vg.soul(), 5, 10000)),
      vg.when_true(vg.cond.count(vg.soul(), 10), { vg.draw(1) }),
    },
  },
}
