-- D-SD03-001 Apex Ruler, Bastion
-- CONT (VC) On your turn, each of your grade 3 units has 2000 more power.
-- AUTO (VC) Once a turn, when a battle whose drive check showed a grade 3 closes, you may
-- discard one hand card: stand one of your rear-guards and give it 10000 more power for the turn.
return vg.card {
  vg.cont {
    zones = {"VC"},
    condition = vg.cond.your_turn,
    effects = { vg.continuous.power(vg.units { grade = 3 }, 2000) },
  },
  vg.auto {
    zones = {"VC"},
    once_per_turn = true,
    when = { event = "battle_end", player = "you", drive_grade3 = true },
    cost = vg.cost.discard(1),
    effect = {
      vg.choose { "rallied", from = vg.rear_guards() },
      vg.stand "rallied",
      vg.power("rallied", 10000),
    },
  },
}
