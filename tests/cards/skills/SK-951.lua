-- SK-951 Test Shade Caller
-- ACT (VC/RC) Call up to two Test Shade tokens to RC.
-- ACT (VC/RC) Choose one of your rear-guards and put it into your soul.
-- ACT (VC/RC) Choose one of your rear-guards and return it to your hand.
return vg.card {
  vg.act { effect = { vg.call_token("SK-950", 2, { up_to = true, as = "shades" }),
                      vg.power("shades", 1000) } },
  vg.act { effect = { vg.put_into_soul(nil, { from = vg.rear_guards() }) } },
  vg.act { effect = { vg.put(nil, "hand", { from = vg.rear_guards() }) } },
}
