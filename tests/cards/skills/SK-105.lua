-- SK-105 Test Exile Warden
-- AUTO (RC) When placed on RC, choose a card in your opponent's drop and bind it.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "exiled", from = vg.drop { owner = "opponent" } },
      vg.bind "exiled",
    },
  },
}
