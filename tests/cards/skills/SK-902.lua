-- SK-902 Test Last Laugh
-- ACT (VC) 1/Turn: the top card of your deck goes to your damage zone, then you win.
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.look { count = 1, as = "top" },
      vg.put(vg.deck { ["in"] = "top" }, "damage"),
      vg.win(),
    },
  },
}
