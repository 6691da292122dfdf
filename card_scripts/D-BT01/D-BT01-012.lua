-- D-BT01-012 Stealth Dragon, Tensha Stead
-- AUTO (RC) When the attack this unit boosted hits, you may pay CB1 and retire this unit: pick
-- one of your vanguards, then search your deck for up to one card of the same name, show it,
-- add it to your hand, and shuffle.
-- "Of the same name" is a `where` function for now: the name filter that compares with a bound
-- card is being added by another change; switch to it once it lands.
local function same_name_as_picked(ctx, card)
  local picked = ctx.bound.picked
  if picked == nil or picked[1] == nil then return false end
  for _, name in ipairs(ctx.cards[picked[1]].names) do
    if name == card.name then return true end
  end
  return false
end

return vg.card {
  vg.auto {
    zones = {"RC"},
    when = vg.when.boosted_attack_hits,
    cost = vg.cost.all(vg.cost.counter_blast(1), vg.cost.retire("self")),
    effect = {
      vg.choose { "picked", from = vg.vanguards() },
      vg.search { filter = { where = same_name_as_picked } },
    },
  },
}
