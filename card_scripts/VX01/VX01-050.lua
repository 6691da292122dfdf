-- VX01-050 Starward Interceptor, Lysa
-- AUTO (RC) When you put a Protect gift card (Protect I) on GC, you may pay CB1: draw a card.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.event("guard", { subject = { kind = "gift" }, player = "you" }),
    cost = vg.common.cb(1),
    effect = { vg.draw(1) },
  },
}
