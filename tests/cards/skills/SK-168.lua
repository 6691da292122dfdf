-- SK-168 Test Grudge Keeper
-- AUTO (VC) At the end of your opponent's turn, retire all of your opponent's front-row
-- rear-guards.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("end_phase", { player = "opponent" }),
    effect = { vg.retire(vg.rear_guards { owner = "opponent", row = "front" }) },
  },
}
