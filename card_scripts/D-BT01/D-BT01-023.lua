-- D-BT01-023 Inheritance Maiden, Hendrina
-- AUTO When placed on RC, you may put the top three cards of your deck into your drop.
-- ACT (RC) Retire this unit: until end of turn, the next time you Alchemagic, you may leave
-- out every Soul Blast of its costs.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    may = true,
    effect = { vg.look { count = 3, as = "top" }, vg.put("top", "drop") },
  },
  vg.act {
    zones = {"RC"},
    cost = vg.cost.retire("self"),
    effect = { vg.dera.alchemagic_without_soul_blast() },
  },
}
