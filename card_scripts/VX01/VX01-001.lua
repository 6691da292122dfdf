-- VX01-001 Sprouting Herald, Pippa (first vanguard)
-- AUTO (VC) When a unit rides on this card, draw a card; then if your opponent's vanguard is
-- grade 1 or more, put a quick shield ticket into your hand.
return vg.card { vg.gifts.first_vanguard() }
