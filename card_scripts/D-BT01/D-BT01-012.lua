-- D-BT01-012 Stealth Dragon, Tensha Stead
-- AUTO (RC) When the attack this unit boosted hits, you may pay CB1 and retire this unit: pick
-- one of your vanguards, then search your deck for up to one card of the same name, show it,
-- add it to your hand, and shuffle.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosted_attack_hits,
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.retire("self")),
    effect = {
      vg.choose { "picked", from = vg.vanguards() },
      vg.search { filter = { same_name = "picked" } },
    },
  },
}
