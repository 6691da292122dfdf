-- GX01-001 Sunward Page, Lio
-- AUTO (VC) When a unit rides on this card, you may call this card from the soul to an open
-- rear-guard circle.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ridden_upon,
    may = true,
    effect = { vg.call("self", { open_only = true }) },
  },
}
