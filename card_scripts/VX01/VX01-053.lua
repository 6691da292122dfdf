-- VX01-053 High Oracle of the Silver Veil, Ondine (protect)
-- AUTO (VC) When you gain a protect gift, you may pay SB1: draw a card.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("gift", { gift = "protect", player = "you" }),
    cost = vg.common.sb(1),
    effect = { vg.draw(1) },
  },
}
