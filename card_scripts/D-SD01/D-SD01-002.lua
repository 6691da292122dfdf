-- D-SD01-002 Blaze Maiden, Reiyu
-- AUTO When Chakrabarthi Divine Dragon, Nirvana rides on top of this card, you may pay SB1 to
-- look through your deck for a Vairina, show it and add it to your hand; then shuffle.
-- CONT (VC/RC) +2000 power in a battle it is attacking in.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Chakrabarthi Divine Dragon, Nirvana" },
    cost = vg.common.sb(1),
    effect = { vg.search { filter = { name = "Vairina" } } },
  },
  vg.cont {
    zones = {"VC", "RC"},
    condition = vg.cond.attacking,
    effects = { vg.continuous.power("self", 2000) },
  },
}
