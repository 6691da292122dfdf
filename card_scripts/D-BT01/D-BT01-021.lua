-- D-BT01-021 Painkiller Angel
-- AUTO (RC) When the battle this unit boosted ends, you may pay SB1 and retire this unit to draw
-- a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.end_of_battle_boosted,
    cost = vg.cost.all(vg.cost.soul_blast(1), vg.cost.retire("self")),
    effect = { vg.draw(1) },
  },
}
