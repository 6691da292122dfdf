-- D-SD01-006 Vairina (overDress over "Trickstar": the record's `overdress` field; the placement
-- itself is the overDress plugin's rule, plugins/vgcore_overdress)
-- AUTO (RC) On attacking a vanguard while in the overDress state, +10000 power for the battle;
-- after that you may pay SB2 to retire a rear-guard of your opponent's that you pick.
-- (The payment comes after the power, so it is a `may` step, offered only when the soul holds
-- two cards.)
return vg.card {
  vg.auto {
    zones = {"RC"},
    when = { event = "attack", subject = { self = true, has = "overdress_state" },
             target = function(ctx, card) return card.zone == "VC" end },
    effect = {
      vg.power("self", 10000, "battle"),
      vg.when_true(vg.cond.count(vg.soul(), 2), {
        vg.may({
          vg.soul_blast(2),
          vg.retire(nil, { from = vg.common.opponent_rear_guards() }),
        }, "Pay SB2 to retire one of your opponent's rear-guards?"),
      }),
    },
  },
}
