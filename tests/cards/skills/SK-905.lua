-- SK-905 Test Soul Thief
-- ACT (VC) 1/Turn: one of the opponent's rear-guards goes into *your* soul (the text names it).
return vg.card {
  vg.act {
    zones = {"VC"},
    once_per_turn = true,
    effect = {
      vg.choose { "target", from = vg.rear_guards { owner = "opponent" } },
      vg.put_into_soul("target", { into = "you" }),
    },
  },
}
