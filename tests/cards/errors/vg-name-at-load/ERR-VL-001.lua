-- ERR-VL-001 Test Hasty Knight
-- AUTO (VC/RC) When placed, draw a card. (The trigger name is misspelt.)
return vg.card {
  vg.auto {
    when = vg.when.placed_slef,
    effect = { vg.draw(1) },
  },
}
