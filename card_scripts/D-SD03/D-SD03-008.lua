-- D-SD03-008 Platinum Wolf
-- ACT (RC) SB2: this unit has 5000 more power for the turn.
return vg.card {
  vg.act {
    zones = {"RC"},
    cost = vg.common.sb(2),
    effect = { vg.power("self", 5000) },
  },
}
