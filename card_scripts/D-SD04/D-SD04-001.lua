-- D-SD04-001 Sylvan Horned Beast King, Magnolia
-- AUTO (VC) When a battle this unit attacked in closes, you may pay CB1: one of your
-- rear-guards (three instead if you persona rode this turn) may attack from the back row and
-- has 5000 more power, both for the turn.

local function empower(count)
  return {
    vg.choose { "herd", from = vg.rear_guards(), count = count },
    vg.grant("herd", "attack_from_back_row"),
    vg.power("herd", 5000),
  }
end

return vg.card {
  vg.auto {
    zones = {"VC"},
    when = { event = "battle_end", attacker = "self" },
    cost = vg.common.cb(1),
    effect = { vg["if"](vg.cond.this_turn { event = "persona_ride", player = "you" },
                         empower(3), empower(1)) },
  },
}
