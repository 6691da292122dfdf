-- D-SD01-001 Chakrabarthi Divine Dragon, Nirvana
-- ACT (VC) Once a turn, discard a card from hand: pick a grade 0 card in your drop and call it
-- to a rear-guard circle.
-- AUTO (VC) On attacking, you may pay CB1: this unit and every unit of yours with overDress
-- (card kind overdress_unit) gain 10000 power for the rest of the turn.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    cost = vg.cost.discard(1),
    effect = {
      vg.choose { "revived", from = vg.drop { grade = 0, unit = true } },
      vg.call "revived",
    },
  },
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    cost = vg.common.cb(1),
    effect = { vg.power({ "self", vg.units { kind = "overdress_unit" } }, 10000, "turn") },
  },
}
