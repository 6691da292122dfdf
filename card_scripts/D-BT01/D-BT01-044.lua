-- D-BT01-044 Dark Strain Dragon
-- ACT (RC) While you have three or more grade 3 units, SB2: every grade 3 unit of yours gains
-- the boost skill for the turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    condition = vg.cond.count(vg.units { grade = 3 }, 3),
    cost = vg.common.sb(2),
    effect = { vg.grant(vg.units { grade = 3 }, "skill:boost", "turn") },
  },
}
