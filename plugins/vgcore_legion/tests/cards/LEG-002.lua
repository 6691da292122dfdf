-- LEG-002 Test Shieldbrother, Bram (a legion mate)
return vg.card {
  -- AUTO (VC) When placed on VC, this unit gets +3000 power until end of turn.
  vg.auto {
    zones = {"VC"},
    when = vg.when.placed_on_vc,
    effect = { vg.power("self", 3000, "turn") },
  },
  -- AUTO (VC) When this unit is ridden (rides onto VC), draw a card.
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("ride", {subject = "self"}),
    effect = { vg.draw(1) },
  },
  -- ACT (VC) 1/Turn: this unit gets +5000 power until end of turn.
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = { vg.power("self", 5000, "turn") },
  },
}
