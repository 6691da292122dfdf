-- TD01-010 Starlight Unicorn
-- AUTO On being called, pick one of your other Royal Paladin units; it gains 2000 power for the
-- rest of the turn.
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.placed_on_rc,
    effect = {
      vg.choose { "ally", from = vg.units { clan = "Royal Paladin", not_self = true } },
      vg.power("ally", 2000),
    },
  },
}
