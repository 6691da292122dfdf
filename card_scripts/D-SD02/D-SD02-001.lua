-- D-SD02-001 Diabolos, "Violence" Bruce
-- AUTO (VC) As your ride phase begins, you are in Final Rush for the rest of the turn.
-- AUTO (VC) On attacking while you are in Final Rush, you may pay SB5 to stand every rear-guard
-- of yours in the front row.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.ride_phase_start,
    effect = { vg.enter_state("final_rush") },
  },
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    condition = vg.cond.in_state("final_rush"),
    cost = vg.common.sb(5),
    effect = { vg.stand(vg.rear_guards { row = "front" }) },
  },
}
