-- D-SD04-008 Knight of Friendship, Cyrus
-- ACT (RC) Once a turn, SB2: turn up the top card of your deck; a unit card is called to a
-- rear-guard circle, anything else joins your hand.
return vg.card {
  vg.act {
    zones = {"RC"},
    once_per_turn = true,
    cost = vg.common.sb(2),
    effect = {
      vg.look { count = 1, as = "top" },
      vg.reveal "top",
      vg["if"](vg.cond.count(vg.deck { ["in"] = "top", unit = true }),
        { vg.call "top" },
        { vg.put("top", "hand") }),
    },
  },
}
