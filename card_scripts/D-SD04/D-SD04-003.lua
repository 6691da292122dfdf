-- D-SD04-003 Sylvan Horned Beast, Charis
-- AUTO When Sylvan Horned Beast, Lattice is ridden on top of this card, you may turn up the
-- top card of your deck; a unit of grade 2 or lower is called to a rear-guard circle, anything
-- else goes to your soul.
-- CONT (back-row RC) While this unit is the attacker, it has 5000 more power.
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon_by { name = "Sylvan Horned Beast, Lattice" },
    may = true,
    effect = {
      vg.look { count = 1, as = "top" },
      vg.reveal "top",
      vg["if"](vg.cond.count(vg.deck { ["in"] = "top", unit = true, grade_max = 2 }),
        { vg.call "top" },
        { vg.put_into_soul "top" }),
    },
  },
  vg.cont {
    zones = {"RC"},
    condition = vg.cond.all(vg.cond.self_in_row("back"), vg.cond.attacking),
    effects = { vg.continuous.power("self", 5000) },
  },
}
