-- GT-STARTER: AUTO When ridden upon, draw 1, then put a quick shield ticket (plugin
-- `gifts`) into your hand (a simplified V first vanguard).
return vg.card {
  vg.auto {
    when = vg.when.ridden_upon,
    effect = {
      vg.draw(1),
      vg.gifts.ticket(),
    },
  },
}
