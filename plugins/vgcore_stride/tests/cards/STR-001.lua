-- STR-001 Test Dawnstrider Emperor
-- AUTO (VC) Generation break 1: when this unit strides, draw a card.
return vg.card {
  vg.auto { zones = {"VC"}, generation_break = 1,
            when = { event = "stride", subject = "self" }, effect = { vg.draw(1) } },
}
