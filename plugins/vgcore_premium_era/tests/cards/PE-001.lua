-- PE-001 Test Breaker of Bonds
-- AUTO (VC) Break ride: when a unit rides upon this unit while you have 4 or more damage,
-- draw a card (the plugin gives the new vanguard its +10000).
return vg.card {
  vg.premium.break_ride({ vg.draw(1) }),
}
