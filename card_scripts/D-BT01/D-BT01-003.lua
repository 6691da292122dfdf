-- D-BT01-003 Master of Gravity, Baromagnes
-- AUTO (VC) When this unit attacks, you may pay CB1; then, by the size of your soul:
-- with five or more cards, draw a card; with ten or more, this unit also gets +10000 power and
-- +1 critical until end of that battle; with fifteen or more, both players put all of their
-- own rear-guards into their souls, then you call up to two cards from your soul to your
-- rear-guard circles and they get +10000 power until end of turn.
local function soul_at_least(n) return vg.cond.count(vg.soul(), n) end

return vg.card {
  vg.auto {
    zones = {"VC"},
    when = vg.when.attacks,
    cost = vg.cost.counter_blast(1),
    effect = {
      vg.when_true(soul_at_least(5), { vg.draw(1) }),
      vg.when_true(soul_at_least(10), {
        vg.power("self", 10000, "battle"),
        vg.critical("self", 1, "battle"),
      }),
      vg.when_true(soul_at_least(15), {
        vg.put_into_soul(vg.rear_guards { owner = "any" }),
        vg.choose { "risen", from = vg.soul(), count = 2, up_to = true },
        vg.call("risen"),
        vg.power("risen", 10000),
      }),
    },
  },
}
