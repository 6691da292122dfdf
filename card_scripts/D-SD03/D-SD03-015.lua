-- D-SD03-015 The Hour of Holy Judgement Cometh (normal order)
-- CB2: draw two cards, then one of your units has 5000 more power for the turn.
return vg.card {
  vg.act {
    zones = {"hand"},
    order = true,
    cost = vg.common.cb(2),
    effect = {
      vg.draw(2),
      vg.choose { "blessed", from = vg.units() },
      vg.power("blessed", 5000),
    },
  },
}
