-- D-SD01-003 Blaze Maiden, Rino
-- AUTO When Blaze Maiden, Reiyu rides on top of this card, look through your deck for a
-- Trickstar and call it to a rear-guard circle; then shuffle.
-- CONT (VC/RC) +2000 power in a battle it is attacking in.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Blaze Maiden, Reiyu" },
    effect = {
      vg.search { filter = { name = "Trickstar" }, to = "call", as = "found" },
      vg.call "found",
    },
  },
  vg.cont {
    zones = {"VC", "RC"},
    condition = vg.cond.attacking,
    effects = { vg.continuous.power("self", 2000) },
  },
}
