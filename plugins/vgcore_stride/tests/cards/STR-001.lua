-- STR-001 Test Dawnstrider Emperor
-- AUTO (VC) Generation break 1: when this unit strides, draw a card.
return vg.card {
  vg.auto { zones = {"VC"}, generation_break = 1,
            when = vg.stride.when.strides, effect = { vg.draw(1) } },
}
