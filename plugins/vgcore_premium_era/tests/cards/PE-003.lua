-- PE-003 Test Keymaster of the Gate
-- ACT (VC) Choose one of your locked rear-guards and unlock it.
-- ACT (VC) Call a grade 1 card from your hand to one of your rear-guard circles.
return vg.card {
  vg.act { zones = {"VC"}, effect = { vg.premium.unlock_rear_guards(1) } },
  vg.act { zones = {"VC"}, effect = {
    vg.choose { "called", from = vg.hand { grade = 1 }, count = 1 },
    vg.call("called"),
  } },
}
