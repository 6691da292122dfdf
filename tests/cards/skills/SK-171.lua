-- SK-171 Test Thorn Warden
-- AUTO (VC) When this unit is attacked by a rear-guard, retire that rear-guard.
-- AUTO (VC) When this unit is attacked, you may Soul Charge 1.
return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("attack", {
      target = "self",
      subject = vg.rear_guards { owner = "opponent" },
    }),
    effect = { vg.retire "event.subject" },
  },
  vg.auto {
    zones = {"VC"},
    when = vg.when.event("attack", { target = "self" }),
    may = true,
    effect = { vg.soul_charge(1) },
  },
}
