-- ERR-CN-001 Test Spaced Knight
-- AUTO (VC) When this unit attacks, retire an opponent's rear-guard on a circle written "R C".
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    effect = {
      vg.choose { "target", from = vg.rear_guards { owner = "opponent", circle = "R C" } },
      vg.retire "target",
    },
  },
}
